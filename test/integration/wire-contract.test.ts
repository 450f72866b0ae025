import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { locateFiles } from '../../src/core/pytest/locate';
import { runPytest } from '../../src/core/pytest/run';
import { packageRoot, pythonHelpersDir } from '../../src/core/files/resources';
import type { PytestRun, ValidatorKind } from '../../src/core/types';
import { candidateEnvironment } from '../../src/core/validate/environment';
import { createShadowCopy, createWorld, removeShadowCopy, removeWorld } from '../../src/core/validate/shadow';
import { testFiles, WorkerProcess } from '../../src/core/validate/worker';
import {
  LOCATE_VERSION,
  PLUGIN_REPORT_VERSION,
  WIRE_SCHEMAS,
  WORKER_PROTOCOL_VERSION,
  type ChildLimits,
  type ReadyMessage,
  type ResultMessage,
} from '../../src/core/wire';
import { pytestInterpreters, pytestVersion } from '../helpers/python';

// The wire between the engine and its Python side, from both ends: the TypedDicts of
// src/python/deepdebug/wire.py and the schemas of src/core/wire.ts name the same fields, and
// the real emitters (the first run's plugin, the validation worker, the locator of traceback
// text's files), run on a fixture with every outcome, produce only messages the engine's
// readers accept: runPytest, WorkerProcess and locateFiles check what they read against
// wire.ts (strict objects, so a field renamed on either side is missing on one and unknown on
// the other).

const fixture = path.join(packageRoot(), 'test', 'fixtures', 'wire-contract');
const outcomesFile = 'test_outcomes.py';

const DUMP_TYPEDDICTS = `
import json, sys
sys.path.insert(0, sys.argv[1])
from deepdebug import wire
types = {
    name: {"required": sorted(value.__required_keys__), "optional": sorted(value.__optional_keys__)}
    for name, value in vars(wire).items()
    if isinstance(value, type) and hasattr(value, "__required_keys__") and not name.startswith("_")
}
print(json.dumps({"report": wire.REPORT_VERSION, "worker": wire.WORKER_PROTOCOL_VERSION, "locate": wire.LOCATE_VERSION, "types": types}))
`;

/** Python-only: what a candidate's child writes to its worker, never read by the engine. */
const PYTHON_ONLY = ['ChildReport'];

interface Fields {
  required: string[];
  optional: string[];
}

function fieldsOf(schema: (typeof WIRE_SCHEMAS)[keyof typeof WIRE_SCHEMAS]): Fields {
  const keys = Object.entries(schema.shape as Record<string, { safeParse(value: unknown): { success: boolean } }>);
  const optional = keys.filter(([, field]) => field.safeParse(undefined).success).map(([key]) => key);
  return {
    required: keys
      .map(([key]) => key)
      .filter((key) => !optional.includes(key))
      .sort(),
    optional: optional.sort(),
  };
}

const VALIDATORS: ValidatorKind[] = ['fork', 'spawn'];

const limits: ChildLimits = { timeoutMs: 10_000, memoryMb: 0, cpuSeconds: 0, fileSizeMb: 64, nproc: null };

/** The worker's replies to one request of each kind, from a session on a copy of the fixture. */
async function workerReplies(
  python: string,
  validator: ValidatorKind,
  tests: string[],
): Promise<{ ready: ReadyMessage; replies: Record<'check' | 'swap' | 'broken' | 'timeout' | 'record' | 'replay', ResultMessage> }> {
  const shadow = await createShadowCopy(fixture, false);
  const world = await createWorld(shadow, 'contract', []);
  try {
    const helpersDir = pythonHelpersDir();
    const { worker, ready } = await WorkerProcess.start(
      {
        python,
        cwd: world.workspace,
        helpersDir,
        collect: testFiles(tests),
        basetemp: world.basetemp,
        world: world.spec,
        env: candidateEnvironment(process.env, world, helpersDir),
        sandboxWritable: null,
        cgroupTasks: null,
        validator,
      },
      tests,
    );
    try {
      const patch = (source: string, timeoutMs = limits.timeoutMs) =>
        worker.request({
          op: 'validate',
          ...limits,
          timeoutMs,
          file: 'shapes.py',
          source,
          function: 'double',
          startLine: 1,
          endLine: 2,
          failing: [`${outcomesFile}::test_passes`, `${outcomesFile}::test_fails`],
          passing: tests,
          covering: null,
        });
      const targets = [{ file: 'shapes.py', function: 'double', startLine: 1 }];
      const record = await worker.request({
        op: 'record',
        ...limits,
        tests: [`${outcomesFile}::test_passes`],
        seedTests: [`${outcomesFile}::test_fails`],
        targets,
        maxCalls: 5,
        maxArgBytes: 1024,
        maxDerived: 5,
      });
      const calls = (record.recording?.functions[0]?.calls ?? []).map((call) => ({ target: 0, args: call.args }));
      const source = 'def double(x):\n    return 2 * x\n';
      return {
        ready,
        replies: {
          check: await worker.request({ op: 'check', ...limits, tests }),
          swap: await patch(source),
          broken: await patch('def double(x)\n    return 2 * x\n'),
          timeout: await patch('def double(x):\n    while True:\n        pass\n', 1500),
          record,
          replay: await worker.request({
            op: 'replay',
            ...limits,
            patch: { file: 'shapes.py', source, function: 'double', startLine: 1, endLine: 2 },
            targets,
            calls,
            callTimeoutMs: 250,
          }),
        },
      };
    } finally {
      await worker.kill();
    }
  } finally {
    await removeWorld(world);
    await removeShadowCopy(shadow);
  }
}

describe('The wire between the engine and its Python side', function () {
  this.timeout(300_000);

  it('has the same messages, versions and fields, required and optional, in wire.py and wire.ts', () => {
    const dumped = JSON.parse(execFileSync('python3', ['-c', DUMP_TYPEDDICTS, pythonHelpersDir()], { encoding: 'utf8' })) as {
      report: number;
      worker: number;
      locate: number;
      types: Record<string, Fields>;
    };
    assert.deepEqual([dumped.report, dumped.worker, dumped.locate], [PLUGIN_REPORT_VERSION, WORKER_PROTOCOL_VERSION, LOCATE_VERSION]);
    const pythonTypes = Object.keys(dumped.types).filter((name) => !PYTHON_ONLY.includes(name));
    assert.deepEqual(pythonTypes.sort(), Object.keys(WIRE_SCHEMAS).sort());
    for (const [name, schema] of Object.entries(WIRE_SCHEMAS)) {
      assert.deepEqual(fieldsOf(schema), dumped.types[name], `${name}: wire.ts (actual) against wire.py (expected)`);
    }
  });

  for (const python of pytestInterpreters()) {
    describe(`as emitted by ${python} (pytest ${pytestVersion(python)})`, () => {
      let firstRun: PytestRun;
      const workers = new Map<ValidatorKind, Awaited<ReturnType<typeof workerReplies>>>();

      before(async () => {
        firstRun = await runPytest({ workspace: fixture, python, selection: [], coverage: true, perTestTimeoutMs: 1000 });
        const tests = firstRun.tests.filter((test) => test.nodeid.startsWith(`${outcomesFile}::`)).map((test) => test.nodeid);
        for (const validator of VALIDATORS) workers.set(validator, await workerReplies(python, validator, tests));
      });

      it("reads every event of the plugin's report: every outcome, with frames, locals, coverage and a timeout", () => {
        assert.deepEqual([...new Set(firstRun.tests.map((test) => test.outcome))].sort(), [
          'error',
          'failed',
          'passed',
          'skipped',
          'timeout',
          'xfailed',
          'xpassed',
        ]);
        const failed = firstRun.tests.find((test) => test.nodeid === `${outcomesFile}::test_fails`);
        assert.ok(failed?.exception && failed.message && failed.longrepr && failed.coverage, JSON.stringify(failed));
        assert.ok(
          failed.frames.some((frame) => frame.inWorkspace && frame.locals?.value === '6'),
          JSON.stringify(failed.frames),
        );
      });

      for (const validator of VALIDATORS) {
        it(`reads every reply of the worker (${validator} validator): ready, a check, a swap, a candidate that does not parse, a timeout, a recording, a replay`, () => {
          const { ready, replies } = workers.get(validator)!;
          assert.equal(ready.version, WORKER_PROTOCOL_VERSION);
          assert.deepEqual(ready.missing, []);
          assert.deepEqual([...new Set(replies.check.results.map((result) => result.outcome))].sort(), [
            'error',
            'failed',
            'passed',
            'skipped',
            'xfailed',
            'xpassed',
          ]);
          assert.deepEqual([replies.swap.status, replies.swap.applied], ['done', 'swap']);
          assert.match(replies.broken.patchError ?? '', /SyntaxError/);
          assert.equal(replies.timeout.status, 'timeout');
          const recorded = replies.record.recording?.functions[0];
          assert.deepEqual([recorded?.calls.map((call) => call.shown), recorded?.module], [['double(2)'], 'shapes']);
          assert.ok(recorded?.derived.length, JSON.stringify(recorded));
          assert.deepEqual(replies.replay.replayed, [
            { status: 'returned', digest: recorded?.calls[0]?.digest, shown: '4', literal: '4', reached: true },
          ]);
        });
      }

      it("locates every file of the plugin's frames as the plugin named it (one rule for frames and traceback text)", async () => {
        const frames = firstRun.tests.flatMap((test) => test.frames);
        assert.ok(frames.length > 0);
        const located = await locateFiles(
          frames.map((frame) => frame.file),
          { workspace: fixture, python },
        );
        assert.deepEqual(
          located,
          frames.map((frame) => ({ file: frame.file, inWorkspace: frame.inWorkspace })),
        );
      });

      it('gives every test the same outcome in the first run and in the validator, forked or in place (an xfailed test whose teardown fails is an error)', () => {
        for (const [kind, worker] of workers) {
          const validator = new Map(worker.replies.check.results.map((result) => [result.nodeid, [result.outcome, result.phase]]));
          const compared = firstRun.tests.filter((test) => validator.has(test.nodeid));
          assert.equal(compared.length, 9);
          for (const test of compared) assert.deepEqual([test.outcome, test.phase], validator.get(test.nodeid), `${kind}: ${test.nodeid}`);
          for (const name of ['test_xfailed_then_teardown_error', 'test_xfailed_as_marked_then_teardown_error']) {
            assert.deepEqual(validator.get(`${outcomesFile}::${name}`), ['error', 'teardown'], `${kind}: ${name}`);
          }
        }
      });
    });
  }
});
