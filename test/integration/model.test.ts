import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UserError } from '../../src/core/errors';
import { CandidateScorer, modelCandidates, modelInputFor, scoreCandidates } from '../../src/core/generate/model-candidates';
import { applyOutput, encoderText, loadPatchModel, targetText, type PatchModel } from '../../src/core/model';
import { KeptModel } from '../../src/core/model/loader';
import { defaultModelDir } from '../../src/core/files/resources';
import { buildModelInput } from '../../src/core/skeleton';
import { listFunctions } from '../../src/core/syntax/functions';
import { parsesCleanly } from '../../src/core/syntax/parser';
import type { Candidate, Failure, Suspect } from '../../src/core/types';

// The shipped model, run for real on CPU.

const source = `"""Searching sorted lists."""


def find_first_at_least(items, target):
    """Index of the first item >= target, or len(items)."""
    lo, hi = 0, len(items)
    while lo < hi:
        mid = (lo + hi) // 2
        if items[mid] <= target:
            lo = mid + 1
        else:
            hi = mid
    return lo


def count_at_least(items, target):
    return len(items) - find_first_at_least(items, target)
`;

const suspect: Suspect = {
  file: 'search.py',
  function: 'find_first_at_least',
  startLine: 4,
  endLine: 13,
  score: 1,
  reasons: ['frame 1 of 1'],
  lines: [{ line: 9, score: 1 }],
};

const readSource = async (file: string): Promise<string | null> => (file === 'search.py' ? source : null);

async function expectBadModel(dir: string): Promise<void> {
  await assert.rejects(loadPatchModel(dir, { device: 'cpu' }), (error: unknown) => {
    assert.ok(error instanceof UserError, String(error));
    assert.equal(error.code, 'bad-model');
    assert.ok(!error.message.includes('\n'), 'one line');
    return true;
  });
}

describe('shipped patch model', function () {
  this.timeout(300_000);
  let model: PatchModel;

  before(async () => {
    model = await loadPatchModel(defaultModelDir(), { device: 'auto' });
  });

  after(async () => {
    await model?.dispose();
  });

  it('loads on the CPU provider here, with its tokenizer', () => {
    assert.equal(model.name, 'deepdebug-small');
    assert.equal(model.device, 'cpu');
    assert.ok(model.countTokens('def f(x):\n    return x\n') > 3);
  });

  it('samples parseable candidates for a real buggy function', async () => {
    const candidates = await modelCandidates(model, [suspect], readSource, undefined, { samplesPerSuspect: 16 });
    assert.ok(candidates.length > 0, 'at least one candidate');
    const keys = new Set<string>();
    for (const candidate of candidates) {
      assert.equal(candidate.source, 'model');
      assert.equal(candidate.file, 'search.py');
      assert.ok(candidate.modelLogProb !== undefined && candidate.modelLogProb <= 0);
      assert.ok(await parsesCleanly(candidate.newFileText), candidate.diff);
      assert.notEqual(candidate.newFileText, source);
      keys.add(candidate.newFunctionText);
    }
    assert.equal(keys.size, candidates.length, 'deduplicated');
  });

  it('includes the greedy output among the samples the product draws', async () => {
    const prepared = await modelInputFor(model, source, 'search.py', suspect, undefined);
    const [greedy] = await model.sample(prepared!.input, 1, { temperature: 0, topP: 1 });
    // Draws that never pick the likeliest token: only the greedy row can give the greedy output.
    const unlikely = { temperature: 5, topP: 1, random: () => 0.999999 };
    const drawn = await model.sample(prepared!.input, 3, unlikely);
    assert.ok(!drawn.some((output) => output.text === greedy!.text), 'the draws alone miss it');
    const withGreedy = await model.sample(prepared!.input, 3, { ...unlikely, greedy: true });
    const found = withGreedy.find((output) => output.text === greedy!.text);
    assert.ok(found?.greedy, JSON.stringify(withGreedy));
    assert.ok(Math.abs(found.logProb - greedy!.logProb) < 1e-4);
    // The engine's sampler asks for it: the greedy edit is a candidate when it parses.
    const candidates = await modelCandidates(model, [suspect], readSource, undefined, {
      samplesPerSuspect: 3,
      temperature: 5,
      topP: 1,
      random: () => 0.999999,
    });
    const greedyFunction = applyOutput(greedy!.text, prepared!.oldFunction, model.format);
    const greedyCandidate = candidates.find((c) => c.summary.startsWith('model (greedy)'));
    if (
      greedyFunction !== null &&
      (await parsesCleanly(source.replace(prepared!.oldFunction, greedyFunction))) &&
      greedyFunction !== prepared!.oldFunction
    ) {
      assert.ok(greedyCandidate, candidates.map((c) => c.summary).join('\n'));
      assert.equal(greedyCandidate.newFunctionText.replace(/\n?$/, '\n'), greedyFunction);
    }
    assert.equal(
      (await modelCandidates(model, [suspect], readSource, undefined, { samplesPerSuspect: 3, greedy: false, ...unlikely })).some((c) =>
        c.summary.startsWith('model (greedy)'),
      ),
      false,
    );
  });

  it("shares the scorer's input with the sampler: the same draws, one skeleton", async () => {
    const seeded = (): (() => number) => {
      let state = 7;
      return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    };
    const scorer = new CandidateScorer(model, readSource, []);
    await scorer.warm([suspect]);
    const shared = await modelCandidates(model, [suspect], readSource, undefined, { samplesPerSuspect: 4, random: seeded(), scorer });
    const own = await modelCandidates(model, [suspect], readSource, undefined, { samplesPerSuspect: 4, random: seeded() });
    assert.deepEqual(
      shared.map((c) => c.newFunctionText),
      own.map((c) => c.newFunctionText),
    );
    assert.equal((await scorer.inputFor(suspect))!.input, (await scorer.inputFor(suspect))!.input, 'built once');
  });

  it('scores a plausible fix above garbage, teacher-forced', async () => {
    const oldFunction = source.split('\n').slice(3, 13).join('\n') + '\n';
    const fixed = oldFunction.replace('items[mid] <= target', 'items[mid] < target');
    const garbage = oldFunction.replace('        if items[mid] <= target:', ') ]] lambda ::: 0x0x0x while (((');
    const input = await buildModelInput({
      source,
      file: 'search.py',
      focal: { function: suspect.function, startLine: 4, endLine: 13 },
      tokenBudget: 300,
      countTokens: (text) => model.countTokens(text),
    });
    const good = await model.score(input, targetText(oldFunction, fixed, model.format)!);
    const bad = await model.score(input, targetText(oldFunction, garbage, model.format)!);
    assert.ok(good !== null && bad !== null && good > bad, `fix ${good} vs garbage ${bad}`);
    // An edit longer than the model can write has no likelihood.
    const long = oldFunction.replace(
      '        if items[mid] <= target:',
      `        if ${Array.from({ length: 40 }, (_, i) => `items[${i}]`).join(' + ')} <= target:`,
    );
    assert.equal(await model.score(input, targetText(oldFunction, long, model.format)!), null);
  });

  it("gives the failing test's trace to a model trained with traces, and none to one trained without", async () => {
    const failure: Failure = {
      nodeid: 'test_search.py::test_first',
      kind: 'test',
      exception: 'AssertionError',
      message: 'assert 2 == 1',
      longrepr: '',
      frames: [{ file: 'search.py', line: 9, function: 'find_first_at_least', inWorkspace: true, locals: { mid: '1', target: '3' } }],
    };
    const countTokens = (text: string): number => model.countTokens(text);
    const traced = { ...model.format, useTrace: true };
    const withTrace = await modelInputFor({ format: traced, countTokens }, source, 'search.py', suspect, failure);
    assert.match(withTrace!.input.trace, /^AssertionError: assert 2 == 1\nsearch.py:9 in find_first_at_least\n/);
    const text = encoderText(withTrace!.input, traced);
    assert.ok(text.endsWith(withTrace!.input.trace) && text.includes('# target edit'), text);
    assert.ok(model.countTokens(text) <= traced.maxSourceTokens, 'skeleton and trace share the encoder budget');
    const untraced = { ...model.format, useTrace: false };
    const withoutTrace = await modelInputFor({ format: untraced, countTokens }, source, 'search.py', suspect, failure);
    assert.equal(withoutTrace!.input.trace, '');
    assert.ok(!encoderText(withoutTrace!.input, untraced).includes('AssertionError'));
  });

  it('keeps every encoder input within maxSourceTokens, markers and </s> included, and edits only the lines training covered', async () => {
    assert.equal(model.format.maxFunctionLines, 32, 'config.json deepdebug.maxFunctionLines');
    const countTokens = (text: string): number => model.countTokens(text);
    const failure: Failure = {
      nodeid: 't.py::test',
      kind: 'test',
      exception: 'AssertionError',
      message: 'assert ' + 'x == y and '.repeat(40) + 'z',
      longrepr: '',
      frames: [{ file: 'm.py', line: 1, function: 'f', inWorkspace: true, locals: { x: '1'.repeat(80), y: '2' } }],
    };
    const root = path.resolve(__dirname, '..', '..', '..', 'bench', 'classic');
    let checked = 0;
    for (const dir of fs.readdirSync(root).filter((d) => fs.statSync(path.join(root, d)).isDirectory())) {
      for (const name of fs.readdirSync(path.join(root, dir)).filter((n) => n.endsWith('.py'))) {
        const source = fs.readFileSync(path.join(root, dir, name), 'utf8');
        for (const fn of await listFunctions(source)) {
          for (const format of [model.format, { ...model.format, useTrace: true }]) {
            const prepared = await modelInputFor({ format, countTokens }, source, 'm.py', { function: fn.qualname, ...fn }, failure);
            const lines = fn.endLine - fn.startLine + 1;
            if (lines > 32) {
              assert.equal(prepared, null, `${name}:${fn.qualname} has ${lines} lines`);
              continue;
            }
            assert.ok(prepared, `${name}:${fn.qualname}`);
            const text = encoderText(prepared.input, format);
            const encoded = model.countTokens(text) + 1;
            assert.ok(encoded <= format.maxSourceTokens, `${name}:${fn.qualname}: ${encoded} tokens`);
            assert.match(text, /# end\n/);
            checked++;
          }
        }
      }
    }
    assert.ok(checked > 50, `${checked} inputs`);
  });

  describe('batched scoring', () => {
    const oldFunction = source.split('\n').slice(3, 13).join('\n') + '\n';
    const edit = (from: string, to: string): string => targetText(oldFunction, oldFunction.replace(from, to), model.format)!;
    let input: Awaited<ReturnType<typeof buildModelInput>>;
    let outputs: string[];

    before(async () => {
      input = await buildModelInput({
        source,
        file: 'search.py',
        focal: { function: suspect.function, startLine: 4, endLine: 13 },
        tokenBudget: 300,
        countTokens: (text) => model.countTokens(text),
      });
      // Edits of different lengths, so a batch pads its shorter rows.
      outputs = [
        edit('items[mid] <= target', 'items[mid] < target'),
        edit('lo = mid + 1', 'lo = mid'),
        edit('        else:\n            hi = mid\n', ''),
        edit('lo, hi = 0, len(items)', 'lo, hi = 0, len(items) - 1'),
        edit('    return lo\n', '    return hi\n'),
        edit('mid = (lo + hi) // 2', 'mid = (lo + hi) // 2 + 1 if lo < hi - 1 else lo'),
        edit('        if items[mid] <= target:', ') ]] lambda ::: 0x0x0x while ((('),
      ];
    });

    it('gives each output of a batch the score it gets alone, and the score of its greedy decode', async () => {
      const batched = await model.scoreMany(input, outputs, { batchRows: 4 });
      for (const [i, output] of outputs.entries()) {
        const alone = await model.score(input, output);
        assert.ok(alone !== null && batched[i] !== null && batched[i] !== undefined, output);
        assert.ok(Math.abs(batched[i]! - alone) < 1e-4, `${output}: batched ${batched[i]} vs alone ${alone}`);
      }
      // An independent path: the greedy decode's log-probability, summed step by step with the KV cache.
      const [greedy] = await model.sample(input, 1, { temperature: 0, topP: 1 });
      const scored = await model.score(input, greedy!.text);
      assert.ok(scored !== null && Math.abs(scored - greedy!.logProb) < 1e-3, `teacher-forced ${scored} vs decoded ${greedy!.logProb}`);
    });

    it('gives null to an output it cannot score, and the others their own scores', async () => {
      const long = edit(
        '        if items[mid] <= target:',
        `        if ${Array.from({ length: 40 }, (_, i) => `items[${i}]`).join(' + ')} <= target:`,
      );
      const lateLine = '<L40><L41>    return lo';
      const mixed = [outputs[0]!, long, outputs[1]!, lateLine, outputs[2]!];
      const scores = await model.scoreMany(input, mixed, { batchRows: 2 });
      assert.equal(scores[1], null, 'longer than the model writes');
      assert.equal(scores[3], null, 'a line marker the model never learned');
      const alone = await model.scoreMany(input, [outputs[0]!, outputs[1]!, outputs[2]!]);
      assert.deepEqual(
        [scores[0], scores[2], scores[4]].map((s) => s!.toFixed(5)),
        alone.map((s) => s!.toFixed(5)),
      );
    });

    it('scores nothing of an input longer than the encoder reads', async () => {
      const padding = Array.from({ length: 200 }, (_, i) => `CONSTANT_${i} = ${i}`).join('\n');
      const overlong = { ...input, skeleton: `${padding}\n${input.skeleton}` };
      assert.ok(model.countTokens(encoderText(overlong, model.format)) > model.format.maxSourceTokens);
      assert.deepEqual(await model.scoreMany(overlong, outputs.slice(0, 2)), [null, null]);
      assert.notEqual((await model.scoreMany(input, outputs.slice(0, 1)))[0], null);
    });

    it("scores candidates of several functions, each against its own function's input", async () => {
      const make = (startLine: number, endLine: number, newFunctionText: string, newFileText: string): Candidate => ({
        kind: 'candidate',
        file: 'search.py',
        function: '',
        startLine,
        endLine,
        newFunctionText,
        newFileText,
        diff: '',
        source: 'template',
        editKind: 'compare-op',
        summary: newFunctionText,
        score: 1,
      });
      const first = make(9, 9, '        if items[mid] < target:', source.replace('items[mid] <= target', 'items[mid] < target'));
      const second = make(
        17,
        17,
        '    return len(items) + find_first_at_least(items, target)',
        source.replace('len(items) - find', 'len(items) + find'),
      );
      const outside = make(1, 1, '"""Searching."""', source);
      const scorer = new CandidateScorer(model, readSource, []);
      const [a, b, c] = await scorer.score([first, second, outside]);
      assert.equal(c, null, 'no enclosing function');
      assert.ok(a !== null && a !== undefined && b !== null && b !== undefined);
      assert.ok(Math.abs(a - (await model.score(input, outputs[0]!))!) < 1e-4);
      const caller = await modelInputFor(model, source, 'search.py', { function: 'count_at_least', startLine: 16, endLine: 17 }, undefined);
      const callerTarget = targetText(
        caller!.oldFunction,
        caller!.oldFunction.replace('len(items) - find', 'len(items) + find'),
        model.format,
      )!;
      assert.ok(Math.abs(b - (await model.score(caller!.input, callerTarget))!) < 1e-4);
    });
  });

  it('sets modelLogProb on template candidates', async () => {
    const newFunctionText = '        if items[mid] < target:';
    const template: Candidate = {
      kind: 'candidate',
      file: 'search.py',
      function: suspect.function,
      startLine: 9,
      endLine: 9,
      newFunctionText,
      newFileText: source.replace('items[mid] <= target', 'items[mid] < target'),
      diff: '',
      source: 'template',
      editKind: 'compare-op',
      summary: 'change `<=` to `<` on line 9',
      score: 0.5,
    };
    // Beside an edit longer than the model can write, which gets no likelihood and costs the other none.
    const longLine = `        if ${Array.from({ length: 40 }, (_, i) => `items[${i}]`).join(' + ')} <= target:`;
    const long: Candidate = {
      ...template,
      newFunctionText: longLine,
      newFileText: source.replace('        if items[mid] <= target:', longLine),
    };
    const [scored, unscored] = await scoreCandidates(model, [template, long], readSource, []);
    assert.ok(scored!.modelLogProb !== undefined && scored!.modelLogProb < 0 && Number.isFinite(scored!.modelLogProb));
    assert.equal(scored!.score, 0.5);
    assert.equal(unscored!.modelLogProb, undefined);
  });
});

describe('model folder errors', function () {
  this.timeout(60_000);
  let scratch: string;

  beforeEach(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-model-'));
  });

  afterEach(() => {
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  function copyOfShipped(): string {
    const dir = path.join(scratch, 'model');
    fs.cpSync(defaultModelDir(), dir, { recursive: true });
    return dir;
  }

  it('refuses a forced CUDA device where onnxruntime-node has no CUDA provider installed', async () => {
    await assert.rejects(loadPatchModel(defaultModelDir(), { device: 'cuda' }), (error: unknown) => {
      assert.ok(error instanceof UserError);
      assert.equal(error.code, 'bad-usage');
      return true;
    });
  });

  it('rejects a missing folder', async () => {
    await expectBadModel(path.join(scratch, 'nothing-here'));
  });

  it('rejects a folder whose config is not JSON', async () => {
    const dir = copyOfShipped();
    fs.writeFileSync(path.join(dir, 'config.json'), '{ not json');
    await expectBadModel(dir);
  });

  it('rejects a truncated ONNX file', async () => {
    const dir = copyOfShipped();
    const file = path.join(dir, 'onnx', 'decoder_model_merged.onnx');
    fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 1000));
    await expectBadModel(dir);
  });

  it('rejects a folder without its encoder', async () => {
    const dir = copyOfShipped();
    fs.rmSync(path.join(dir, 'onnx', 'encoder_model.onnx'));
    await expectBadModel(dir);
  });
});

describe('loading the model leaves nothing behind', function () {
  this.timeout(120_000);

  it('writes no telemetry into the temp folder and keeps no extra files open', () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-model-tmp-'));
    try {
      // A fresh process: onnxruntime's environment is made once per process.
      const script = `require(${JSON.stringify(require.resolve('../../src/core/model'))}).loadPatchModel(${JSON.stringify(defaultModelDir())}, { device: 'cpu' })
        .then((model) => { console.log(JSON.stringify(require('fs').readdirSync('/proc/self/fd').map((fd) => { try { return require('fs').readlinkSync('/proc/self/fd/' + fd); } catch { return ''; } }))); return model.dispose(); })`;
      const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp };
      delete env.ORT_DISABLE_TELEMETRY;
      const run = spawnSync(process.execPath, ['-e', script], { env, encoding: 'utf8' });
      assert.equal(run.status, 0, run.stderr);
      const openFiles = JSON.parse(run.stdout) as string[];
      assert.deepEqual(
        openFiles.filter((file) => file.startsWith(tmp) || file.includes('onnxruntime')),
        [],
      );
      assert.deepEqual(fs.readdirSync(tmp), []);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe('KeptModel (the sidecar keeps the model between runs)', function () {
  this.timeout(120_000);

  it('hands the next run the model it loaded, frees it when another folder is asked for, and keeps no failed load', async () => {
    const kept = new KeptModel();
    try {
      const first = await kept.load(defaultModelDir(), { device: 'cpu' });
      await kept.release();
      assert.equal(await kept.load(defaultModelDir(), { device: 'cpu' }), first, 'the second run gets the same loaded model');
      const missing = path.join(os.tmpdir(), 'deepdebug-no-model-here');
      await assert.rejects(kept.load(missing, { device: 'cpu' }), UserError);
      const again = await kept.load(defaultModelDir(), { device: 'cpu' });
      assert.notEqual(again, first, 'asking for another folder freed the first model; a later run loads it anew');
      assert.ok(again.countTokens('def f():\n    return 1\n') > 0, 'the model loaded anew works');
    } finally {
      await kept.dispose();
    }
  });
});
