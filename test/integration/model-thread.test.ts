import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CanceledError, UserError } from '../../src/core/errors';
import { loadPatchModel, targetText, type PatchModel } from '../../src/core/model';
import { loadModelThread } from '../../src/core/model/thread';
import { defaultModelDir } from '../../src/core/files/resources';
import { buildModelInput } from '../../src/core/skeleton';
import type { ModelInput } from '../../src/core/types';

// The shipped model on a thread of its own (what the CLI and the sidecar load), against the
// same model on the caller's thread: the same answers, and the caller's thread left free.

const source = `def clamp(value, low, high):
    if value < low:
        return low
    if value > high:
        return low
    return value
`;
const oldFunction = source;

/** Event-loop utilization of this thread while `work` runs: near 1 when it is busy all along. */
async function busyWhile(work: () => Promise<unknown>): Promise<number> {
  const start = performance.eventLoopUtilization();
  await work();
  return performance.eventLoopUtilization(start).utilization;
}

describe('the patch model on its own thread', function () {
  this.timeout(300_000);
  let threaded: PatchModel;
  let local: PatchModel;
  let input: ModelInput;
  let outputs: string[];

  before(async () => {
    threaded = await loadModelThread(defaultModelDir(), { device: 'cpu' });
    local = await loadPatchModel(defaultModelDir(), { device: 'cpu' });
    input = await buildModelInput({
      source,
      file: 'clamp.py',
      focal: { function: 'clamp', startLine: 1, endLine: 6 },
      tokenBudget: 300,
      countTokens: (text) => local.countTokens(text),
    });
    const edit = (from: string, to: string): string => targetText(oldFunction, oldFunction.replace(from, to), local.format)!;
    outputs = [
      edit('        return low\n    return', '        return high\n    return'),
      edit('value < low', 'value <= low'),
      edit('    return value\n', ''),
    ];
  });

  after(async () => {
    await threaded?.dispose();
    await local?.dispose();
  });

  it('is the same model: name, format, tokens, scores, greedy decode', async () => {
    assert.equal(threaded.name, local.name);
    assert.equal(threaded.device, 'cpu');
    assert.deepEqual(threaded.format, local.format);
    assert.equal(threaded.countTokens(source), local.countTokens(source));
    assert.equal(await threaded.prepare(input), true);
    const [there, here] = [await threaded.scoreMany(input, outputs), await local.scoreMany(input, outputs)];
    for (const [i, score] of there.entries()) {
      assert.ok(score !== null && here[i] !== null && Math.abs(score - here[i]!) < 1e-5, `${outputs[i]}: ${score} vs ${here[i]}`);
    }
    assert.deepEqual(
      await threaded.sample(input, 1, { temperature: 0, topP: 1 }),
      await local.sample(input, 1, { temperature: 0, topP: 1 }),
    );
    const drawn = await threaded.sample(input, 8, { temperature: 0.8, topP: 0.95, greedy: true });
    assert.ok(drawn.length > 0 && drawn.some((output) => output.greedy), 'samples and the greedy output');
  });

  it("leaves the caller's thread free while it decodes, where the same model on the caller's thread keeps it busy", async () => {
    const draw = (model: PatchModel) => () => model.sample(input, 16, { temperature: 0.8, topP: 0.95 });
    const busyLocal = await busyWhile(draw(local));
    const busyThreaded = await busyWhile(draw(threaded));
    assert.ok(
      busyThreaded < busyLocal / 2,
      `event-loop utilization while sampling: ${busyThreaded.toFixed(2)} on its own thread, ${busyLocal.toFixed(2)} here`,
    );
  });

  it('stops a call when its signal aborts, and answers the next one', async () => {
    const controller = new AbortController();
    const drawing = threaded.sample(input, 16, { temperature: 0.8, topP: 0.95, signal: controller.signal });
    setImmediate(() => controller.abort());
    await assert.rejects(drawing, CanceledError);
    await assert.rejects(threaded.scoreMany(input, outputs, { signal: AbortSignal.abort() }), CanceledError);
    assert.equal((await threaded.scoreMany(input, outputs)).length, outputs.length);
  });

  it('refuses seeded draws, which cannot cross threads', async () => {
    await assert.rejects(threaded.sample(input, 2, { temperature: 0.8, topP: 0.95, random: Math.random }), /draws its own random numbers/);
  });
});

describe('a bad model folder, loaded on its own thread', function () {
  this.timeout(120_000);
  let scratch: string;

  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-model-thread-'));
  });

  afterEach(() => {
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  const badModel = (error: unknown): boolean => {
    assert.ok(error instanceof UserError, String(error));
    assert.equal(error.code, 'bad-model');
    assert.ok(!error.message.includes('\n'), 'one line');
    return true;
  };

  it('fails with the one-line error of the folder, whether the tokenizer or the weights are bad', async () => {
    await assert.rejects(loadModelThread(path.join(scratch, 'nothing-here'), { device: 'cpu' }), badModel);
    const dir = path.join(scratch, 'model');
    fs.cpSync(defaultModelDir(), dir, { recursive: true });
    const file = path.join(dir, 'onnx', 'decoder_model_merged.onnx');
    fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 1000));
    await assert.rejects(
      loadModelThread(dir, { device: 'cpu' }),
      (error: unknown) => badModel(error) && /decoder_model_merged/.test((error as Error).message),
    );
  });

  it('rejects calls after it is disposed', async () => {
    const model = await loadModelThread(defaultModelDir(), { device: 'cpu' });
    await model.dispose();
    await assert.rejects(
      model.prepare({
        kind: 'model-input',
        file: 'a.py',
        function: 'f',
        skeleton: 'def f():\n    pass\n',
        trace: '',
        tokens: 5,
        tokenBudget: 300,
      }),
      /disposed/,
    );
  });
});
