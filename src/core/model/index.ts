import * as fs from 'node:fs';
import * as path from 'node:path';
import type { InferenceSession as Session, Tensor as OrtTensor } from 'onnxruntime-node';
import { CanceledError, UserError } from '../errors';
import type { ModelInput } from '../types';
import { encoderText, PAPER_FORMAT, withinTrainedLines, type ModelFormat } from './format';
import { chooseToken, logProbAt, logSoftmax } from './sampling';
import { loadTokenizer, type Tokenizer } from './tokenizer';
import { nativeFolders, requireRuntime, runtimeRoot } from './runtime';

export { applyOutput, encoderText, fitsFormat, skeletonBudget, targetText, withinTrainedLines, type ModelFormat } from './format';

// A seq2seq patch model in the transformers.js "bart" folder layout, run with onnxruntime-node
// directly: one encoder pass per input (the last few inputs' encodings are kept, since the
// sampler and the scorer read the same ones), then batched sampling of n outputs with the
// decoder's KV cache (the merged decoder's use_cache_branch selects cached cross-attention
// keys), or batched teacher-forced scoring of many outputs of one input: the cross-attention
// keys are projected once per input and shared by every row, the rows are right-padded (the
// decoder is causal, so padding after a row's end changes none of its logits).

export type Device = 'cpu' | 'cuda' | 'webgpu';

export interface SampleOptions {
  /** 0 decodes greedily (n is then 1). */
  temperature: number;
  topP: number;
  /** Also decode the greedy output, as one more row of the same batch (with temperature > 0). */
  greedy?: boolean;
  /** Uniform draws in [0, 1) for sampling; default Math.random. */
  random?: () => number;
  signal?: AbortSignal;
}

export interface ScoreOptions {
  /** Most rows of one decoder run (default SCORE_BATCH_ROWS). */
  batchRows?: number;
  signal?: AbortSignal;
}

/** Rows of one scoring run: measured by bench/prior-speed.ts (int8, CPU, 2 cores). */
export const SCORE_BATCH_ROWS = 8;
/** Encoded inputs kept (per input: the encoder output and the cross-attention keys, ~0.3 MB). */
const ENCODED_KEPT = 8;

export interface PatchModel {
  name: string;
  /** The execution provider actually used. */
  device: Device;
  /** How this model reads inputs and writes outputs. */
  format: ModelFormat;
  countTokens(text: string): number;
  /**
   * Up to n distinct outputs (n + 1 draws with `greedy`), each with its mean log-probability
   * per token (temperature 1), best first; `greedy` marks the greedy decode's output.
   */
  sample(input: ModelInput, n: number, options: SampleOptions): Promise<{ text: string; logProb: number; greedy?: true }[]>;
  /**
   * Teacher-forced mean log-probability per token of outputText, end token included; null
   * when the model cannot say (see scoreMany).
   */
  score(input: ModelInput, outputText: string): Promise<number | null>;
  /**
   * score for many outputs of one input: one encoder pass (kept for the next call with the
   * same input), the decoder in batches. Null for each output the model cannot score rather
   * than a wrong number: longer than it can write, an edit at a line marker it never learned,
   * or every output when the input itself is over the encoder's length (it would be cut).
   * One output's null costs the others nothing.
   */
  scoreMany(input: ModelInput, outputTexts: readonly string[], options?: ScoreOptions): Promise<(number | null)[]>;
  /** Encodes an input and projects its cross-attention keys ahead of scoring; false when it is over the encoder's length (nothing of it will be scored). */
  prepare(input: ModelInput): Promise<boolean>;
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
  pad_token_id?: number;
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
  const root = runtimeRoot();
  const library = process.platform === 'win32' ? 'onnxruntime_providers_cuda.dll' : 'libonnxruntime_providers_cuda.so';
  return root !== null && nativeFolders(root).some((folder) => fs.existsSync(path.join(folder, library)));
}

async function openSession(ort: Ort, dir: string, file: string, device: Device): Promise<Session> {
  try {
    return await ort.InferenceSession.create(file, {
      executionProviders: [device],
      graphOptimizationLevel: 'all',
      // The model runs beside the validator's workers, which want every core: one thread, and
      // no spin-waiting between runs (onnxruntime's idle threads spin on the CPU by default).
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
    });
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

type CheckedConfig = BartConfig & Required<Pick<BartConfig, 'eos_token_id' | 'd_model' | 'decoder_layers' | 'decoder_attention_heads'>>;

/** A model folder's config, checked, and the format it declares. */
function modelConfig(dir: string): { config: CheckedConfig; format: ModelFormat } {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw badModel(dir, 'not found');
  const config = readJson<BartConfig>(dir, 'config.json');
  if (!config.is_encoder_decoder && config.model_type !== 'bart') throw badModel(dir, 'not an encoder-decoder model');
  if (!config.decoder_layers || !config.decoder_attention_heads || !config.d_model || config.eos_token_id === undefined) {
    throw badModel(dir, 'config.json lacks d_model, decoder_layers, decoder_attention_heads or eos_token_id');
  }
  const format: ModelFormat = {
    ...PAPER_FORMAT,
    maxSourceTokens: config.max_position_embeddings ?? PAPER_FORMAT.maxSourceTokens,
    ...config.deepdebug,
  };
  // Checked just above.
  return { config: config as CheckedConfig, format };
}

/** A model folder's name, format and tokenizer: what reading its inputs takes, without its weights. */
export async function loadModelReader(
  dir: string,
): Promise<{ name: string; config: CheckedConfig; format: ModelFormat; tokenizer: Tokenizer }> {
  const { config, format } = modelConfig(dir);
  try {
    return { name: path.basename(path.resolve(dir)), config, format, tokenizer: await loadTokenizer(dir, config.eos_token_id) };
  } catch (error) {
    throw error instanceof UserError ? error : badModel(dir, 'cannot load the tokenizer', error);
  }
}

export async function loadPatchModel(dir: string, options: { device: 'auto' | 'cpu' | 'cuda' }): Promise<PatchModel> {
  requireRuntime();
  const { name, config, format, tokenizer } = await loadModelReader(dir);
  const eos = config.eos_token_id;
  const layers = config.decoder_layers;
  const heads = config.decoder_attention_heads;
  const ort = await import('onnxruntime-node');
  const files: [string, string] = [onnxFile(dir, 'encoder_model'), onnxFile(dir, 'decoder_model_merged')];
  const {
    device,
    sessions: [encoder, decoder],
  } = await openSessions(ort, dir, files, options.device);
  if (!encoder || !decoder) throw badModel(dir, 'needs an encoder and a merged decoder');
  for (const input of ['input_ids', 'encoder_hidden_states', 'use_cache_branch', 'past_key_values.0.decoder.key']) {
    if (!decoder.inputNames.includes(input)) throw badModel(dir, `the merged decoder has no input ${input}`);
  }
  return new OnnxPatchModel(ort, name, device, format, tokenizer, encoder, decoder, {
    layers,
    heads,
    headDim: config.d_model / heads,
    eos,
    start: config.decoder_start_token_id ?? eos,
    pad: config.pad_token_id ?? eos,
  });
}

/** The decoder's sizes (for its key/value cache tensors) and its special tokens, from config.json. */
interface DecoderConfig {
  layers: number;
  heads: number;
  headDim: number;
  eos: number;
  start: number;
  pad: number;
}

interface Encoded {
  ids: number[];
  /** The input had more tokens than the encoder takes: ids were cut (sampling reads them; scoring does not). */
  overBudget: boolean;
  hidden: OrtTensor;
  /** Cross-attention keys and values per layer, [1, heads, length, headDim], projected once. */
  cross?: Promise<OrtTensor[]>;
}

type Feeds = Record<string, OrtTensor>;

class OnnxPatchModel implements PatchModel {
  /** Encoded inputs by encoder text, least recently used first. */
  private readonly encoded = new Map<string, Promise<Encoded>>();
  /** The scoring feeds that depend only on the input and the batch size, for the last input scored. */
  private tiled: { encoded: Encoded; byRows: Map<number, Feeds> } | null = null;

  constructor(
    private readonly ort: Ort,
    readonly name: string,
    readonly device: Device,
    readonly format: ModelFormat,
    private readonly tokenizer: Tokenizer,
    private readonly encoder: Session,
    private readonly decoder: Session,
    private readonly decoderConfig: DecoderConfig,
  ) {}

  countTokens(text: string): number {
    return this.tokenizer.countTokens(text);
  }

  private int64(values: number[], dims: number[]): OrtTensor {
    return new this.ort.Tensor(
      'int64',
      BigInt64Array.from(values, (v) => BigInt(v)),
      dims,
    );
  }

  /** Encoder output for an input, kept for the next ENCODED_KEPT inputs: the sampler and the scorer share them. */
  private encode(input: ModelInput): Promise<Encoded> {
    const text = encoderText(input, this.format);
    const kept = this.encoded.get(text);
    if (kept) {
      this.encoded.delete(text);
      this.encoded.set(text, kept);
      return kept;
    }
    const encoding = this.runEncoder(text);
    this.encoded.set(text, encoding);
    encoding.catch(() => this.encoded.get(text) === encoding && this.encoded.delete(text));
    while (this.encoded.size > ENCODED_KEPT) this.encoded.delete(this.encoded.keys().next().value!);
    return encoding;
  }

  private async runEncoder(text: string): Promise<Encoded> {
    let ids = this.tokenizer.encodeSource(text);
    const overBudget = ids.length > this.format.maxSourceTokens;
    if (overBudget) ids = [...ids.slice(0, this.format.maxSourceTokens - 1), this.decoderConfig.eos];
    const result = await this.encoder.run({
      input_ids: this.int64(ids, [1, ids.length]),
      attention_mask: this.int64(
        ids.map(() => 1),
        [1, ids.length],
      ),
    });
    return { ids, overBudget, hidden: result['last_hidden_state']! };
  }

  private emptyPast(batch: number): OrtTensor {
    return new this.ort.Tensor('float32', new Float32Array(0), [batch, this.decoderConfig.heads, 0, this.decoderConfig.headDim]);
  }

  /** Inputs of the first decoder step for `batch` copies of one encoded input. */
  private firstStepFeeds(encoded: Encoded, batch: number, tokens: number[][]): Feeds {
    const { layers } = this.decoderConfig;
    const hidden = encoded.hidden;
    const [, length, width] = hidden.dims as [number, number, number];
    const source = hidden.data as Float32Array;
    const tiled = new Float32Array(batch * source.length);
    for (let b = 0; b < batch; b++) tiled.set(source, b * source.length);
    const feeds: Feeds = {
      input_ids: this.int64(tokens.flat(), [batch, tokens[0]!.length]),
      encoder_attention_mask: this.int64(new Array<number>(batch * length).fill(1), [batch, length]),
      encoder_hidden_states: new this.ort.Tensor('float32', tiled, [batch, length, width]),
      use_cache_branch: new this.ort.Tensor('bool', Uint8Array.from([0]), [1]),
    };
    const empty = this.emptyPast(batch);
    for (let i = 0; i < layers; i++) {
      for (const part of ['decoder', 'encoder']) {
        feeds[`past_key_values.${i}.${part}.key`] = empty;
        feeds[`past_key_values.${i}.${part}.value`] = empty;
      }
    }
    return feeds;
  }

  async sample(input: ModelInput, n: number, options: SampleOptions): Promise<{ text: string; logProb: number; greedy?: true }[]> {
    const greedyRow = options.temperature <= 0 || options.greedy === true;
    const batch = options.temperature <= 0 ? 1 : Math.max(1, n) + (options.greedy ? 1 : 0);
    const encoded = await this.encode(input);
    const { layers, eos, start } = this.decoderConfig;
    const feeds = this.firstStepFeeds(
      encoded,
      batch,
      Array.from({ length: batch }, () => [start]),
    );
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
        // Row 0 is the greedy decode when asked for.
        const token = chooseToken(logp, greedyRow && b === 0 ? 0 : options.temperature, options.topP, options.random);
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
    const best = new Map<string, { logProb: number; greedy: boolean }>();
    for (let b = 0; b < batch; b++) {
      if (!done[b]) continue; // ran out of length: a truncated output is no patch
      const text = this.tokenizer.decode(outputs[b]!);
      const logProb = logProbs[b]! / (outputs[b]!.length + 1);
      const greedy = options.greedy === true && b === 0;
      const seen = best.get(text);
      best.set(text, { logProb: seen ? Math.max(seen.logProb, logProb) : logProb, greedy: greedy || (seen?.greedy ?? false) });
    }
    return [...best]
      .map(([text, { logProb, greedy }]) => ({ text, logProb, ...(greedy ? { greedy: true as const } : {}) }))
      .sort((a, b) => b.logProb - a.logProb);
  }

  async score(input: ModelInput, outputText: string): Promise<number | null> {
    return (await this.scoreMany(input, [outputText]))[0] ?? null;
  }

  async scoreMany(input: ModelInput, outputTexts: readonly string[], options: ScoreOptions = {}): Promise<(number | null)[]> {
    const scores: (number | null)[] = outputTexts.map(() => null);
    const rows: Array<{ index: number; target: number[] }> = [];
    for (const [index, text] of outputTexts.entries()) {
      if (!withinTrainedLines(text, this.format)) continue;
      const target = [...this.tokenizer.encodeTarget(text), this.decoderConfig.eos];
      // With the start token, longer than any output the model was trained on (training drops
      // fixes of over maxTargetTokens - 2 tokens, models/training/make-inputs.ts).
      if (target.length + 1 <= this.format.maxTargetTokens) rows.push({ index, target });
    }
    if (rows.length === 0) return scores;
    const encoded = await this.encode(input);
    // The encoder would read a cut input: any number would be about another input.
    if (encoded.overBudget) return scores;
    // Longest first, so each batch pads its rows to about their own length.
    rows.sort((a, b) => b.target.length - a.target.length);
    const most = Math.max(1, options.batchRows ?? SCORE_BATCH_ROWS);
    for (let first = 0; first < rows.length; first += most) {
      if (options.signal?.aborted) throw new CanceledError();
      const batch = rows.slice(first, first + most);
      const batchScores = await this.scoreRows(
        encoded,
        batch.map((row) => row.target),
      );
      batch.forEach((row, i) => (scores[row.index] = batchScores[i] ?? null));
    }
    return scores;
  }

  async prepare(input: ModelInput): Promise<boolean> {
    const encoded = await this.encode(input);
    if (encoded.overBudget) return false;
    await this.crossAttention(encoded);
    return true;
  }

  /** Mean log-probability per token of each target row; a batch the runtime refuses is retried row by row, and a row it refuses alone is null. */
  private async scoreRows(encoded: Encoded, targets: number[][]): Promise<(number | null)[]> {
    try {
      return await this.runScoreBatch(encoded, targets);
    } catch {
      if (targets.length === 1) return [null];
      const scores: (number | null)[] = [];
      for (const target of targets) scores.push((await this.scoreRows(encoded, [target]))[0] ?? null);
      return scores;
    }
  }

  private async runScoreBatch(encoded: Encoded, targets: number[][]): Promise<number[]> {
    const { start, pad } = this.decoderConfig;
    const rows = targets.length;
    const steps = Math.max(...targets.map((target) => target.length));
    const tokens: number[] = [];
    for (const target of targets) {
      // Teacher forcing: the decoder reads the start token and the target but its last token.
      tokens.push(start, ...target.slice(0, -1), ...new Array<number>(steps - target.length).fill(pad));
    }
    const feeds: Feeds = { ...(await this.scoringFeeds(encoded, rows)), input_ids: this.int64(tokens, [rows, steps]) };
    const logits = (await this.decoder.run(feeds))['logits']!;
    const vocab = logits.dims[2]!;
    const data = logits.data as Float32Array;
    return targets.map((target, b) => {
      let total = 0;
      for (let t = 0; t < target.length; t++) {
        const offset = (b * steps + t) * vocab;
        total += logProbAt(data.subarray(offset, offset + vocab), target[t]!);
      }
      return total / target.length;
    });
  }

  /** Cross-attention keys and values of an input, from one decoder step that projects them. */
  private crossAttention(encoded: Encoded): Promise<OrtTensor[]> {
    encoded.cross ??= (async () => {
      const result = await this.decoder.run(this.firstStepFeeds(encoded, 1, [[this.decoderConfig.start]]));
      const tensors: OrtTensor[] = [];
      for (let i = 0; i < this.decoderConfig.layers; i++) {
        tensors.push(result[`present.${i}.encoder.key`]!, result[`present.${i}.encoder.value`]!);
      }
      return tensors;
    })();
    return encoded.cross;
  }

  /** The feeds of a scoring run but its tokens: the input's cross-attention keys for `rows` rows (kept for the last input). */
  private async scoringFeeds(encoded: Encoded, rows: number): Promise<Feeds> {
    const cross = await this.crossAttention(encoded);
    if (this.tiled?.encoded !== encoded) this.tiled = { encoded, byRows: new Map() };
    const kept = this.tiled.byRows.get(rows);
    if (kept) return kept;
    const { layers, heads, headDim } = this.decoderConfig;
    const length = cross[0]!.dims[2]!;
    const width = (encoded.hidden.dims as number[])[2]!;
    const feeds: Feeds = {
      encoder_attention_mask: this.int64(new Array<number>(rows * length).fill(1), [rows, length]),
      // Read only on the uncached branch: the keys come from past_key_values.*.encoder.
      encoder_hidden_states: new this.ort.Tensor('float32', new Float32Array(rows * width), [rows, 1, width]),
      use_cache_branch: new this.ort.Tensor('bool', Uint8Array.from([1]), [1]),
    };
    const empty = this.emptyPast(rows);
    for (let i = 0; i < layers; i++) {
      feeds[`past_key_values.${i}.decoder.key`] = empty;
      feeds[`past_key_values.${i}.decoder.value`] = empty;
      for (const [k, kind] of ['key', 'value'].entries()) {
        const one = cross[2 * i + k]!.data as Float32Array;
        const tiled = new Float32Array(rows * one.length);
        for (let b = 0; b < rows; b++) tiled.set(one, b * one.length);
        feeds[`past_key_values.${i}.encoder.${kind}`] = new this.ort.Tensor('float32', tiled, [rows, heads, length, headDim]);
      }
    }
    this.tiled.byRows.set(rows, feeds);
    return feeds;
  }

  async dispose(): Promise<void> {
    this.encoded.clear();
    this.tiled = null;
    await this.encoder.release();
    await this.decoder.release();
  }
}
