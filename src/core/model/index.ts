import * as fs from 'node:fs';
import * as path from 'node:path';
import type { InferenceSession as Session, Tensor as OrtTensor } from 'onnxruntime-node';
import { CanceledError, UserError } from '../errors';
import type { ModelInput } from '../types';
import { encoderText, PAPER_FORMAT, type ModelFormat } from './format';
import { chooseToken, logSoftmax } from './sampling';
import { loadTokenizer, type Tokenizer } from './tokenizer';

export { applyOutput, encoderText, fitsFormat, skeletonBudget, targetText, type ModelFormat } from './format';

// A seq2seq patch model in the transformers.js "bart" folder layout, run with onnxruntime-node
// directly: one encoder pass per input, then batched sampling of n outputs with the decoder's
// KV cache (the merged decoder's use_cache_branch selects cached cross-attention keys).

export type Device = 'cpu' | 'cuda' | 'webgpu';

export interface SampleOptions {
  /** 0 decodes greedily (n is then 1). */
  temperature: number;
  topP: number;
  signal?: AbortSignal;
}

export interface PatchModel {
  name: string;
  /** The execution provider actually used. */
  device: Device;
  /** How this model reads inputs and writes outputs. */
  format: ModelFormat;
  countTokens(text: string): number;
  /** Up to n distinct outputs, each with its mean log-probability per token (temperature 1). */
  sample(input: ModelInput, n: number, options: SampleOptions): Promise<{ text: string; logProb: number }[]>;
  /**
   * Teacher-forced mean log-probability per token of outputText, end token included; null
   * when outputText is longer than the model can write (it would never sample it).
   */
  score(input: ModelInput, outputText: string): Promise<number | null>;
  dispose(): Promise<void>;
}

interface BartConfig {
  model_type?: string;
  is_encoder_decoder?: boolean;
  d_model?: number;
  decoder_layers?: number;
  decoder_attention_heads?: number;
  eos_token_id?: number;
  decoder_start_token_id?: number;
  max_position_embeddings?: number;
  deepdebug?: Partial<ModelFormat>;
}

// onnxruntime-node otherwise records telemetry: a log file and a session file left in the
// temp folder per process and an event database under ~/.cache. An offline tool sends nothing
// and leaves nothing behind; a user who wants it can still set the variable.
process.env.ORT_DISABLE_TELEMETRY ??= '1';

type Ort = typeof import('onnxruntime-node');

function badModel(dir: string, why: string, cause?: unknown): UserError {
  return new UserError('bad-model', `model folder ${dir}: ${why}`, { cause });
}

function readJson<T>(dir: string, name: string): T {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) throw badModel(dir, `${name} is missing`);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch (error) {
    throw badModel(dir, `${name} is not valid JSON`, error);
  }
}

/** onnx/<name>.onnx, else the _quantized variant transformers.js folders often ship. */
function onnxFile(dir: string, name: string): string {
  for (const candidate of [`${name}.onnx`, `${name}_quantized.onnx`]) {
    const file = path.join(dir, 'onnx', candidate);
    if (fs.existsSync(file)) return file;
  }
  throw badModel(dir, `onnx/${name}.onnx is missing`);
}

/**
 * Whether onnxruntime-node's CUDA provider library is installed: it is listed on Linux and
 * Windows but fetched by the package's install script, so listing alone does not mean present.
 */
function cudaInstalled(ort: Ort): boolean {
  if (!ort.listSupportedBackends().some((backend) => backend.name === 'cuda')) return false;
  let root = path.dirname(require.resolve('onnxruntime-node'));
  while (path.basename(root) !== 'onnxruntime-node' && path.dirname(root) !== root) root = path.dirname(root);
  const library = process.platform === 'win32' ? 'onnxruntime_providers_cuda.dll' : 'libonnxruntime_providers_cuda.so';
  const bin = path.join(root, 'bin');
  return fs.existsSync(bin) && fs.readdirSync(bin).some((napi) => fs.existsSync(path.join(bin, napi, process.platform, process.arch, library)));
}

async function openSession(ort: Ort, dir: string, file: string, device: Device): Promise<Session> {
  try {
    return await ort.InferenceSession.create(file, { executionProviders: [device], graphOptimizationLevel: 'all' });
  } catch (error) {
    throw badModel(dir, `cannot load ${path.relative(dir, file)} on ${device}`, error);
  }
}

/** Encoder and decoder sessions on CUDA where asked for or available, else on the CPU. */
async function openSessions(ort: Ort, dir: string, files: [string, string], wanted: 'auto' | 'cpu' | 'cuda') {
  const cuda = wanted !== 'cpu' && cudaInstalled(ort);
  if (wanted === 'cuda' && !cuda) {
    throw new UserError('bad-usage', 'the CUDA execution provider is not installed with onnxruntime-node here; use --device cpu or auto');
  }
  if (cuda) {
    try {
      return { device: 'cuda' as Device, sessions: await Promise.all(files.map((f) => openSession(ort, dir, f, 'cuda'))) };
    } catch (error) {
      // Installed but unusable (no GPU or driver): auto falls back, an explicit request fails.
      if (wanted === 'cuda') throw error;
    }
  }
  return { device: 'cpu' as Device, sessions: await Promise.all(files.map((f) => openSession(ort, dir, f, 'cpu'))) };
}

export async function loadPatchModel(dir: string, options: { device: 'auto' | 'cpu' | 'cuda' }): Promise<PatchModel> {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw badModel(dir, 'not found');
  const config = readJson<BartConfig>(dir, 'config.json');
  const layers = config.decoder_layers;
  const heads = config.decoder_attention_heads;
  if (!config.is_encoder_decoder && config.model_type !== 'bart') throw badModel(dir, 'not an encoder-decoder model');
  if (!layers || !heads || !config.d_model || config.eos_token_id === undefined) {
    throw badModel(dir, 'config.json lacks d_model, decoder_layers, decoder_attention_heads or eos_token_id');
  }
  const format: ModelFormat = {
    ...PAPER_FORMAT,
    maxSourceTokens: config.max_position_embeddings ?? PAPER_FORMAT.maxSourceTokens,
    ...config.deepdebug,
  };
  const ort = await import('onnxruntime-node');
  const files: [string, string] = [onnxFile(dir, 'encoder_model'), onnxFile(dir, 'decoder_model_merged')];
  let tokenizer: Tokenizer;
  try {
    tokenizer = await loadTokenizer(dir, config.eos_token_id);
  } catch (error) {
    throw error instanceof UserError ? error : badModel(dir, 'cannot load the tokenizer', error);
  }
  const {
    device,
    sessions: [encoder, decoder],
  } = await openSessions(ort, dir, files, options.device);
  if (!encoder || !decoder) throw badModel(dir, 'needs an encoder and a merged decoder');
  for (const name of ['input_ids', 'encoder_hidden_states', 'use_cache_branch', 'past_key_values.0.decoder.key']) {
    if (!decoder.inputNames.includes(name)) throw badModel(dir, `the merged decoder has no input ${name}`);
  }
  return new OnnxPatchModel(ort, path.basename(path.resolve(dir)), device, format, tokenizer, encoder, decoder, {
    layers,
    heads,
    headDim: config.d_model / heads,
    eos: config.eos_token_id,
    start: config.decoder_start_token_id ?? config.eos_token_id,
  });
}

interface Shape {
  layers: number;
  heads: number;
  headDim: number;
  eos: number;
  start: number;
}

interface Encoded {
  text: string;
  ids: number[];
  hidden: OrtTensor;
}

class OnnxPatchModel implements PatchModel {
  private lastEncoded: Encoded | null = null;

  constructor(
    private readonly ort: Ort,
    readonly name: string,
    readonly device: Device,
    readonly format: ModelFormat,
    private readonly tokenizer: Tokenizer,
    private readonly encoder: Session,
    private readonly decoder: Session,
    private readonly shape: Shape,
  ) {}

  countTokens(text: string): number {
    return this.tokenizer.countTokens(text);
  }

  private int64(values: number[], dims: number[]): OrtTensor {
    return new this.ort.Tensor('int64', BigInt64Array.from(values, (v) => BigInt(v)), dims);
  }

  /** Encoder output for an input; the last one is kept since sample and score share inputs. */
  private async encode(input: ModelInput): Promise<Encoded> {
    const text = encoderText(input, this.format);
    if (this.lastEncoded?.text === text) return this.lastEncoded;
    let ids = this.tokenizer.encodeSource(text);
    if (ids.length > this.format.maxSourceTokens) ids = [...ids.slice(0, this.format.maxSourceTokens - 1), this.shape.eos];
    const result = await this.encoder.run({
      input_ids: this.int64(ids, [1, ids.length]),
      attention_mask: this.int64(ids.map(() => 1), [1, ids.length]),
    });
    this.lastEncoded = { text, ids, hidden: result['last_hidden_state']! };
    return this.lastEncoded;
  }

  /** Inputs of the first decoder step for `batch` copies of one encoded input. */
  private firstStepFeeds(encoded: Encoded, batch: number, tokens: number[][]): Record<string, OrtTensor> {
    const { layers, heads, headDim } = this.shape;
    const hidden = encoded.hidden;
    const [, length, width] = hidden.dims as [number, number, number];
    const source = hidden.data as Float32Array;
    const tiled = new Float32Array(batch * source.length);
    for (let b = 0; b < batch; b++) tiled.set(source, b * source.length);
    const feeds: Record<string, OrtTensor> = {
      input_ids: this.int64(tokens.flat(), [batch, tokens[0]!.length]),
      encoder_attention_mask: this.int64(new Array<number>(batch * length).fill(1), [batch, length]),
      encoder_hidden_states: new this.ort.Tensor('float32', tiled, [batch, length, width]),
      use_cache_branch: new this.ort.Tensor('bool', Uint8Array.from([0]), [1]),
    };
    const empty = new this.ort.Tensor('float32', new Float32Array(0), [batch, heads, 0, headDim]);
    for (let i = 0; i < layers; i++) {
      for (const part of ['decoder', 'encoder']) {
        feeds[`past_key_values.${i}.${part}.key`] = empty;
        feeds[`past_key_values.${i}.${part}.value`] = empty;
      }
    }
    return feeds;
  }

  async sample(input: ModelInput, n: number, options: SampleOptions): Promise<{ text: string; logProb: number }[]> {
    const batch = options.temperature <= 0 ? 1 : Math.max(1, n);
    const encoded = await this.encode(input);
    const { layers, eos, start } = this.shape;
    const feeds = this.firstStepFeeds(encoded, batch, Array.from({ length: batch }, () => [start]));
    const outputs: number[][] = Array.from({ length: batch }, () => []);
    const logProbs = new Array<number>(batch).fill(0);
    const done = new Array<boolean>(batch).fill(false);
    for (let step = 0; step < this.format.maxTargetTokens && done.includes(false); step++) {
      if (options.signal?.aborted) throw new CanceledError();
      const result = await this.decoder.run(feeds);
      const logits = result['logits']!;
      const vocab = logits.dims[2]!;
      const steps = logits.dims[1]!;
      const data = logits.data as Float32Array;
      const next: number[] = [];
      for (let b = 0; b < batch; b++) {
        if (done[b]) {
          next.push(eos);
          continue;
        }
        const row = data.subarray((b * steps + steps - 1) * vocab, (b * steps + steps) * vocab);
        const logp = logSoftmax(row);
        const token = chooseToken(logp, options.temperature, options.topP);
        logProbs[b]! += logp[token]!;
        next.push(token);
        if (token === eos) done[b] = true;
        else outputs[b]!.push(token);
      }
      feeds['input_ids'] = this.int64(next, [batch, 1]);
      feeds['use_cache_branch'] = new this.ort.Tensor('bool', Uint8Array.from([1]), [1]);
      for (let i = 0; i < layers; i++) {
        for (const part of ['decoder', 'encoder']) {
          for (const kind of ['key', 'value']) {
            feeds[`past_key_values.${i}.${part}.${kind}`] = result[`present.${i}.${part}.${kind}`]!;
          }
        }
      }
    }
    const best = new Map<string, number>();
    for (let b = 0; b < batch; b++) {
      if (!done[b]) continue; // ran out of length: a truncated output is no patch
      const text = this.tokenizer.decode(outputs[b]!);
      const logProb = logProbs[b]! / (outputs[b]!.length + 1);
      if (!best.has(text) || best.get(text)! < logProb) best.set(text, logProb);
    }
    return [...best].map(([text, logProb]) => ({ text, logProb })).sort((a, b) => b.logProb - a.logProb);
  }

  async score(input: ModelInput, outputText: string): Promise<number | null> {
    const target = [...this.tokenizer.encodeTarget(outputText), this.shape.eos];
    if (target.length > this.format.maxTargetTokens) return null;
    const encoded = await this.encode(input);
    const tokens = [this.shape.start, ...target.slice(0, -1)];
    const result = await this.decoder.run(this.firstStepFeeds(encoded, 1, [tokens]));
    const logits = result['logits']!;
    const vocab = logits.dims[2]!;
    const data = logits.data as Float32Array;
    let total = 0;
    for (let t = 0; t < target.length; t++) {
      total += logSoftmax(data.subarray(t * vocab, (t + 1) * vocab))[target[t]!]!;
    }
    return total / target.length;
  }

  async dispose(): Promise<void> {
    this.lastEncoded = null;
    await this.encoder.release();
    await this.decoder.release();
  }
}
