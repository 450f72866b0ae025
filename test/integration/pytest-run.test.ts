import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CanceledError, UserError } from '../../src/core/errors';
import { failuresOf } from '../../src/core/pytest/failures';
import { runPytest, type RunPytestOptions } from '../../src/core/pytest/run';
import { packageRoot } from '../../src/core/files/resources';
import type { PytestRun, TestResult } from '../../src/core/types';
import { processesIn, sleep, waitFor } from '../helpers/processes';
import { copyFixture, removeCopy } from '../helpers/workspace';

// Real pytest runs (python3 with pytest installed) on the fixture projects test/fixtures/pytest-*.

const python = 'python3';

function fixture(name: string): string {
  return path.join(packageRoot(), 'test', 'fixtures', name);
}

function options(name: string, extra: Partial<RunPytestOptions> = {}): RunPytestOptions {
  return { workspace: fixture(name), python, selection: [], coverage: false, perTestTimeoutMs: 10_000, ...extra };
}

function test(run: PytestRun, nodeid: string): TestResult {
  const found = run.tests.find((result) => result.nodeid === nodeid);
  assert.ok(found, `no result for ${nodeid} among ${run.tests.map((result) => result.nodeid).join(', ')}`);
  return found;
}

/** Every path under a folder with its size and modification time, to prove a run wrote nothing. */
function snapshot(folder: string): string[] {
  const entries: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const stat = fs.statSync(full);
      entries.push(`${path.relative(folder, full)} ${stat.size} ${stat.mtimeMs}`);
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(folder);
  return entries.sort();
}

async function rejectsWith(promise: Promise<unknown>, code: string, pattern: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof UserError, `expected a UserError, got ${String(error)}`);
    assert.equal(error.code, code);
    assert.match(error.message, pattern);
    return true;
  });
}

describe('runPytest on real pytest runs', function () {
  this.timeout(120_000);

  it('records outcomes, exceptions, frames with locals, long tracebacks and per-test coverage', async () => {
    const before = snapshot(fixture('pytest-basic'));
    const run = await runPytest(options('pytest-basic', { coverage: true }));
    assert.deepEqual(snapshot(fixture('pytest-basic')), before, 'the run wrote into the workspace');

    assert.equal(run.kind, 'pytest-run');
    assert.equal(run.exitCode, 1);
    assert.equal(run.coverageRecorded, true);
    assert.deepEqual(run.tests.map((result) => [result.nodeid, result.outcome]).sort(), [
      ['tests/test_errors.py::test_mean_of_one', 'failed'],
      ['tests/test_stats.py::test_clamp_inside', 'passed'],
      ['tests/test_stats.py::test_clamp_low', 'passed'],
      ['tests/test_stats.py::test_mean', 'failed'],
      ['tests/test_stats.py::test_total', 'passed'],
    ]);

    const assertion = test(run, 'tests/test_stats.py::test_mean');
    assert.equal(assertion.exception, 'AssertionError');
    assert.match(assertion.message ?? '', /assert 6\.0 == 4/);
    assert.deepEqual(assertion.frames, [
      {
        file: 'tests/test_stats.py',
        line: 10,
        function: 'test_mean',
        inWorkspace: true,
        locals: { numbers: '[2, 4, 6]' },
        localTypes: { numbers: { type: 'list' } },
        source: 'assert mean(numbers) == 4',
      },
    ]);
    assert.match(assertion.longrepr ?? '', /numbers\s+= \[2, 4, 6\]/);

    const division = test(run, 'tests/test_errors.py::test_mean_of_one');
    assert.equal(division.exception, 'ZeroDivisionError');
    assert.equal(division.message, 'division by zero');
    const innermost = division.frames[division.frames.length - 1];
    assert.deepEqual(innermost, {
      file: 'stats.py',
      line: 11,
      function: 'mean',
      inWorkspace: true,
      locals: { values: '[7]', count: '0' },
      localTypes: { values: { type: 'list' }, count: { type: 'int' } },
      source: 'return total(values) / count',
    });
    assert.match(division.longrepr ?? '', /count\s+= 0/);

    // The buggy function's lines are covered by the failing test, not by an unrelated passing one.
    assert.ok(assertion.coverage?.['stats.py']?.includes(10));
    assert.ok(assertion.coverage?.['stats.py']?.includes(11));
    assert.deepEqual(test(run, 'tests/test_stats.py::test_clamp_low').coverage?.['stats.py'], [15, 16]);
    for (const result of run.tests) {
      for (const file of Object.keys(result.coverage ?? {})) assert.ok(!path.isAbsolute(file), `coverage outside the workspace: ${file}`);
    }

    const failures = failuresOf(run);
    assert.deepEqual(failures.map((failure) => [failure.nodeid, failure.kind, failure.exception]).sort(), [
      ['tests/test_errors.py::test_mean_of_one', 'test', 'ZeroDivisionError'],
      ['tests/test_stats.py::test_mean', 'test', 'AssertionError'],
    ]);
  });

  it("records each local's runtime type, and an instance's public attributes", async () => {
    const run = await runPytest(options('runtime-type-attribute', { selection: ['test_accounts.py::test_within_balance'] }));
    const innermost = test(run, 'test_accounts.py::test_within_balance').frames.at(-1);
    assert.deepEqual(innermost?.localTypes, {
      account: { type: 'Account', attributes: ['owner', 'balance', 'limit'] },
      amount: { type: 'int' },
    });
  });

  it('runs without coverage when not asked', async () => {
    const run = await runPytest(options('pytest-basic', { selection: ['tests/test_stats.py::test_total'] }));
    assert.equal(run.coverageRecorded, false);
    assert.equal(test(run, 'tests/test_stats.py::test_total').coverage, undefined);
  });

  it('selects tests by node id, by file and by -k', async () => {
    const byId = await runPytest(
      options('pytest-basic', { selection: ['tests/test_stats.py::test_mean', 'tests/test_stats.py::test_total'] }),
    );
    assert.deepEqual(byId.tests.map((result) => result.nodeid).sort(), [
      'tests/test_stats.py::test_mean',
      'tests/test_stats.py::test_total',
    ]);
    const byFile = await runPytest(options('pytest-basic', { selection: ['tests/test_errors.py'] }));
    assert.deepEqual(
      byFile.tests.map((result) => result.nodeid),
      ['tests/test_errors.py::test_mean_of_one'],
    );
    const byKeyword = await runPytest(options('pytest-basic', { selection: ['-k', 'clamp and not low'] }));
    assert.deepEqual(
      byKeyword.tests.map((result) => result.nodeid),
      ['tests/test_stats.py::test_clamp_inside'],
    );
    assert.equal(byKeyword.exitCode, 0);
    assert.deepEqual(failuresOf(byKeyword), []);
  });

  it('reports a syntax error in a module under test as a collection failure at its line', async () => {
    const run = await runPytest(options('pytest-syntax-error'));
    const error = test(run, 'tests/test_parser.py');
    assert.equal(error.outcome, 'error');
    assert.equal(error.phase, 'collect');
    assert.equal(error.exception, 'SyntaxError');
    assert.match(error.message ?? '', /never closed/);
    assert.deepEqual(error.frames.at(-1), {
      file: 'parser.py',
      line: 5,
      function: '<module>',
      inWorkspace: true,
      source: 'def parse_pairs(text:',
    });
    assert.ok(error.frames.some((frame) => frame.file === 'tests/test_parser.py' && frame.line === 1));
    const [failure] = failuresOf(run);
    assert.ok(failure);
    assert.equal(failure.kind, 'collection');
    assert.equal(failure.nodeid, 'tests/test_parser.py');
  });

  it('reports a root conftest.py that fails to import as a collection failure located in the user code', async () => {
    const run = await runPytest(options('pytest-conftest-error'));
    assert.equal(run.exitCode, 4);
    assert.equal(run.tests.length, 1);
    const [error] = run.tests;
    assert.ok(error);
    assert.equal(error.nodeid, 'conftest.py');
    assert.equal(error.phase, 'collect');
    assert.equal(error.exception, 'KeyError');
    assert.equal(error.message, "'verbose'");
    assert.deepEqual(
      error.frames.map((frame) => [frame.file, frame.line, frame.function]),
      [
        ['conftest.py', 6, '<module>'],
        ['settings.py', 8, '<module>'],
        ['settings.py', 5, 'option'],
      ],
    );
    assert.deepEqual(
      failuresOf(run).map((failure) => failure.kind),
      ['collection'],
    );
  });

  it('ends a hanging test with our per-test timeout and runs the rest', async () => {
    const run = await runPytest(options('pytest-hang', { perTestTimeoutMs: 1000 }));
    assert.equal(test(run, 'test_hang.py::test_before').outcome, 'passed');
    assert.equal(test(run, 'test_hang.py::test_after').outcome, 'passed');
    const sleeping = test(run, 'test_hang.py::test_hangs');
    assert.equal(sleeping.outcome, 'timeout');
    assert.equal(sleeping.exception, 'TestTimeout');
    // The frames show where it was stuck, and no frame of the plugin's own machinery.
    assert.deepEqual(
      sleeping.frames.map((frame) => [frame.file, frame.function]),
      [
        ['test_hang.py', 'test_hangs'],
        ['test_hang.py', 'wait_for'],
      ],
    );
    const busy = test(run, 'test_hang.py::test_busy_loop');
    assert.equal(busy.outcome, 'timeout');
    assert.equal(busy.frames.at(-1)?.line, 20);
    assert.deepEqual(
      failuresOf(run).map((failure) => failure.kind),
      ['timeout', 'timeout'],
    );
  });

  it('ends its run when the engine that started it is killed', async () => {
    const workspace = copyFixture('pytest-hang');
    try {
      const runModule = path.join(packageRoot(), 'out', 'src', 'core', 'pytest', 'run.js');
      // The options travel in the environment: only pytest's own command line names the copy.
      const engine = spawn(
        process.execPath,
        ['-e', `require(${JSON.stringify(runModule)}).runPytest(JSON.parse(process.env.RUN_OPTIONS))`],
        {
          stdio: 'ignore',
          env: { ...process.env, RUN_OPTIONS: JSON.stringify({ ...options('pytest-hang'), workspace, perTestTimeoutMs: 600_000 }) },
        },
      );
      const pytestRuns = (): string[] => processesIn([workspace]).filter((entry) => entry.includes('pytest'));
      await waitFor(() => pytestRuns().length > 0, 30_000, 'pytest never started');
      await sleep(3000); // well into the test that never ends
      engine.kill('SIGKILL');
      await waitFor(() => pytestRuns().length === 0, 15_000, 'the orphaned pytest run kept going');
    } finally {
      removeCopy(workspace);
    }
  });

  it('ends a test that blocks the interrupt through the faulthandler backstop', async () => {
    const run = await runPytest(options('pytest-hard-hang', { perTestTimeoutMs: 1000 }));
    assert.equal(test(run, 'test_blocked.py::test_passes').outcome, 'passed');
    const blocked = test(run, 'test_blocked.py::test_blocks_the_interrupt');
    assert.equal(blocked.outcome, 'timeout');
    assert.match(blocked.message ?? '', /did not respond/);
    assert.ok(blocked.frames.some((frame) => frame.file === 'test_blocked.py' && frame.function === 'test_blocks_the_interrupt'));
    // pytest is started again for the tests after the one that took the interpreter down.
    assert.equal(test(run, 'test_blocked.py::test_after_the_block').outcome, 'passed');
    assert.equal(run.tests.length, 3);
  });

  it('stops the whole run at its wall limit and marks the running test', async () => {
    // Generous against a slow pytest start on a loaded machine: the test must have started.
    const run = await runPytest(
      options('pytest-hang', {
        perTestTimeoutMs: 0,
        timeoutMs: 15_000,
        selection: ['test_hang.py::test_before', 'test_hang.py::test_hangs'],
      }),
    );
    assert.equal(test(run, 'test_hang.py::test_before').outcome, 'passed');
    const hung = test(run, 'test_hang.py::test_hangs');
    assert.equal(hung.outcome, 'timeout');
    assert.equal(hung.exception, 'RunTimeout');
  });

  it('marks the test that crashed the interpreter, keeps the results before it and runs the ones after', async () => {
    const run = await runPytest(options('pytest-crash'));
    assert.deepEqual(
      run.tests.map((result) => [result.nodeid, result.outcome]),
      [
        ['test_crash.py::test_first', 'passed'],
        ['test_crash.py::test_second_fails', 'failed'],
        ['test_crash.py::test_aborts', 'crashed'],
        ['test_crash.py::test_after_abort', 'passed'],
      ],
    );
    assert.equal(run.exitCode, 134, "the first pass's status: killed by SIGABRT");
    const crashed = test(run, 'test_crash.py::test_aborts');
    assert.match(crashed.message ?? '', /SIGABRT/);
    assert.deepEqual(
      crashed.frames.filter((frame) => frame.inWorkspace),
      [{ file: 'test_crash.py', line: 13, function: 'test_aborts', inWorkspace: true }],
    );
    assert.deepEqual(
      failuresOf(run).map((failure) => failure.kind),
      ['test', 'crash'],
    );
  });

  it('captures a failure in a non-UTF-8 source file', async () => {
    const run = await runPytest(options('pytest-latin1', { coverage: true }));
    const result = test(run, 'test_greeting.py::test_initials');
    assert.equal(result.exception, 'IndexError');
    const innermost = result.frames.at(-1);
    assert.ok(innermost);
    assert.equal(innermost.file, 'greeting.py');
    assert.equal(innermost.function, 'initials');
    assert.equal(innermost.locals?.name, "'Renée'");
    assert.deepEqual(result.coverage?.['greeting.py'], [6, 7]);
  });

  it("keeps Hypothesis's example database out of the workspace", async function () {
    try {
      execFileSync(python, ['-c', 'import hypothesis']);
    } catch {
      this.skip(); // the interpreter has no Hypothesis: nothing to keep out
    }
    const before = snapshot(fixture('pytest-hypothesis'));
    const run = await runPytest(options('pytest-hypothesis'));
    assert.equal(test(run, 'tests/test_clamp.py::test_clamp_stays_in_range').outcome, 'failed');
    assert.deepEqual(snapshot(fixture('pytest-hypothesis')), before, 'the run wrote into the workspace');
  });

  describe("pytest's wind-down (what runs after the last test: summaries, unconfigure, exit)", () => {
    let scratch = '';
    let marker = '';
    beforeEach(() => {
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-wind-down-'));
      marker = path.join(scratch, 'wound-down');
    });
    afterEach(() => fs.rmSync(scratch, { recursive: true, force: true }));
    const reportFolders = (): string[] => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('deepdebug-pytest-'));
    const windDown = (): RunPytestOptions => options('pytest-wind-down', { env: { WIND_DOWN_MARKER: marker } });

    it('is not waited for: it finishes at the lowest priority, then the report folder goes', async () => {
      const before = reportFolders();
      const run = await runPytest(windDown());
      assert.deepEqual(
        run.tests.map((result) => `${result.nodeid} ${result.outcome}`),
        ['test_totals.py::test_total_of_none passed', 'test_totals.py::test_total_of_two failed'],
      );
      assert.equal(run.exitCode, 1);
      assert.equal(fs.existsSync(marker), false, 'the run waited for the wind-down');
      await waitFor(() => fs.existsSync(marker), 20_000, 'the wind-down did not run to its end');
      assert.equal(fs.readFileSync(marker, 'utf8'), '19');
      await waitFor(
        () => reportFolders().every((name) => before.includes(name)),
        5_000,
        () => `report folders left: ${reportFolders().join(', ')}`,
      );
    });

    it('ends when the run is canceled', async () => {
      const controller = new AbortController();
      await runPytest(windDown(), controller.signal);
      controller.abort();
      await waitFor(() => processesIn([fixture('pytest-wind-down')]).length === 0, 5_000, 'the wind-down still runs');
      await sleep(2_500); // past the summary's sleep: a wind-down still alive would write its marker now
      assert.equal(fs.existsSync(marker), false);
    });
  });

  it('gives one clear error when nothing is collected', async () => {
    await rejectsWith(runPytest(options('pytest-no-tests')), 'no-tests', /no tests were collected/);
    await rejectsWith(
      runPytest(options('pytest-basic', { selection: ['-k', 'no_such_test'] })),
      'no-tests',
      /matched the selection -k no_such_test \(check the node ids, paths or -k expression\)/,
    );
  });

  it("reports pytest's usage errors with pytest's own message", async () => {
    await rejectsWith(
      runPytest(options('pytest-basic', { selection: ['tests/missing.py'] })),
      'pytest-usage',
      /file or directory not found: tests\/missing\.py/,
    );
    await rejectsWith(runPytest(options('pytest-basic', { selection: ['-k', 'and ('] })), 'pytest-usage', /-k/);
    await rejectsWith(runPytest(options('pytest-basic', { selection: ['--exitfirst'] })), 'pytest-usage', /unsupported test selection/);
  });

  it('names the conftest.py or plugin that exits or raises as pytest imports it', async () => {
    await rejectsWith(runPytest(options('bad-conftest-exit')), 'pytest-start', /^conftest\.py exited with status 3 at import/);
    await rejectsWith(runPytest(options('bad-plugin-raise')), 'pytest-start', /^database_fixtures\.py raised RuntimeError at import/);
  });

  it('tells a missing interpreter from a missing pytest', async () => {
    await rejectsWith(runPytest(options('pytest-basic', { python: path.join(os.tmpdir(), 'no-such-python') })), 'no-python', /ENOENT/);
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-venv-'));
    try {
      // A bare virtual environment: the same Python, with no pytest in it.
      execFileSync(python, ['-m', 'venv', '--without-pip', scratch]);
      await rejectsWith(
        runPytest(options('pytest-basic', { python: path.join(scratch, 'bin', 'python') })),
        'no-pytest',
        /pytest is not installed/,
      );
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('refuses a workspace that is not a folder', async () => {
    await rejectsWith(
      runPytest(options('pytest-basic', { workspace: path.join(fixture('pytest-basic'), 'stats.py') })),
      'bad-workspace',
      /not a folder/,
    );
  });

  it('kills the run and throws CanceledError on abort', async () => {
    const controller = new AbortController();
    const pending = runPytest(options('pytest-hang', { perTestTimeoutMs: 0, selection: ['test_hang.py::test_hangs'] }), controller.signal);
    setTimeout(() => controller.abort(), 3000);
    await assert.rejects(pending, CanceledError);
  });
});
