// Compares onnxruntime's outputs of an exported model with PyTorch's (WORK_DIR/reference.json,
// written by export.py): the encoder, a full teacher-forced decoder pass, and a cached step.
// Usage: node out/models/training/check-onnx.js WORK_DIR ONNX_DIR   (ONNX_DIR: the fp32 or the int8 files)
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ort from 'onnxruntime-node';

/** export.py's fixed inputs and PyTorch's outputs for them (outputs flattened). */
interface Reference {
  input_ids: number[][];
  attention_mask: number[][];
  decoder_input_ids: number[][];
  last_hidden_state: number[];
  full_logits: number[];
  step_logits: number[];
}

type Outputs = ort.InferenceSession.ReturnType;

const int64 = (rows: number[][]) => new ort.Tensor('int64', BigInt64Array.from(rows.flat(), BigInt), [rows.length, rows[0]!.length]);
const maxDiff = (a: ArrayLike<number>, b: readonly number[]) => Array.from(a).reduce((m, v, i) => Math.max(m, Math.abs(v - b[i]!)), 0);
const floats = (value: ort.OnnxValue) => value.data as Float32Array;

async function main(): Promise<void> {
  const [workDir, onnxDir] = process.argv.slice(2);
  if (workDir === undefined || onnxDir === undefined) {
    console.error('usage: check-onnx.js WORK_DIR ONNX_DIR');
    process.exit(2);
  }
  const ref = JSON.parse(fs.readFileSync(path.join(workDir, 'reference.json'), 'utf8')) as Reference;
  const config = JSON.parse(fs.readFileSync(path.join(workDir, 'config-check.json'), 'utf8')) as {
    layers: number;
    heads: number;
    headDim: number;
  };
  const encoder = await ort.InferenceSession.create(path.join(onnxDir, 'encoder_model.onnx'));
  const decoder = await ort.InferenceSession.create(path.join(onnxDir, 'decoder_model_merged.onnx'));
  const { last_hidden_state: hidden } = await encoder.run({ input_ids: int64(ref.input_ids), attention_mask: int64(ref.attention_mask) });
  if (!hidden) throw new Error('the encoder gave no last_hidden_state');
  const [batch, length, width] = hidden.dims as [number, number, number];
  const { layers, heads, headDim } = config;
  const empty = new ort.Tensor('float32', new Float32Array(0), [batch, heads, 0, headDim]);
  const feeds = (ids: number[][], past: Outputs | null, useCache: boolean): ort.InferenceSession.FeedsType => {
    const f: Record<string, ort.OnnxValue> = {
      input_ids: int64(ids),
      encoder_attention_mask: int64(ref.attention_mask),
      encoder_hidden_states: hidden,
      use_cache_branch: new ort.Tensor('bool', Uint8Array.from([useCache ? 1 : 0]), [1]),
    };
    for (let i = 0; i < layers; i++)
      for (const part of ['decoder', 'encoder'])
        for (const kind of ['key', 'value'])
          f[`past_key_values.${i}.${part}.${kind}`] = past ? past[`present.${i}.${part}.${kind}`]! : empty;
    return f;
  };
  const full = await decoder.run(feeds(ref.decoder_input_ids, null, false));
  const prefix = await decoder.run(
    feeds(
      ref.decoder_input_ids.map((r) => r.slice(0, 2)),
      null,
      false,
    ),
  );
  const step = await decoder.run(
    feeds(
      ref.decoder_input_ids.map((r) => r.slice(2)),
      prefix,
      true,
    ),
  );
  // Padded encoder positions differ freely between implementations; compare unpadded rows only.
  const encDiff = maxDiff(floats(hidden).slice(0, length * width), ref.last_hidden_state.slice(0, length * width));
  const result = {
    encoder: encDiff,
    fullLogits: maxDiff(floats(full.logits!), ref.full_logits),
    cachedStepLogits: maxDiff(floats(step.logits!), ref.step_logits),
    logitScale: Math.max(...ref.full_logits.map(Math.abs)),
  };
  console.log(JSON.stringify(result));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
