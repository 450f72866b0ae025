import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';
import { failuresOf } from '../../src/core/pytest/failures';
import { runPytest } from '../../src/core/pytest/run';
import type { PytestRun, TestResult } from '../../src/core/types';

// The first pytest run on an interpreter without POSIX, as Windows' CPython is: a shim
// (test/fixtures/posixless-shim/sitecustomize.py, first on PYTHONPATH as a user's own entry
// would be) removes os.fork, process groups, the resource module, SIGALRM and interval timers,
// and signal masks. The plugin must record every test as on Linux, and the per-test timeout
// must still end a test that loops (an alarm thread instead of SIGALRM: deepdebug/alarm.py).

const fixtures = path.join(packageRoot(), 'test', 'fixtures');
const shim = { PYTHONPATH: path.join(fixtures, 'posixless-shim') };

function result(run: PytestRun, nodeid: string): TestResult {
  const found = run.tests.find((test) => test.nodeid === nodeid);
  assert.ok(found, `no result for ${nodeid} among ${run.tests.map((test) => test.nodeid).join(', ')}`);
  return found;
}

describe('the first run on a Python without POSIX (the shim of Windows)', function () {
  this.timeout(120_000);

  it('the shim takes: no fork, process groups, resource or SIGALRM in that interpreter', () => {
    const probe = spawnSync(
      'python3',
      [
        '-c',
        'import os, signal, importlib.util as u\ntry:\n import resource\n r=1\nexcept ImportError:\n r=0\nprint(hasattr(os,"fork"), hasattr(os,"getpgrp"), hasattr(signal,"SIGALRM"), r)',
      ],
      { encoding: 'utf8', env: { ...process.env, ...shim } },
    );
    assert.equal(probe.stdout.trim(), 'False False False 0', probe.stderr);
  });

  it('records outcomes, the failure with its frames and locals, and ends a looping test by the timeout', async () => {
    const workspace = path.join(fixtures, 'posixless');
    const run = await runPytest({ workspace, python: 'python3', selection: [], coverage: true, perTestTimeoutMs: 1000, env: shim });
    assert.equal(result(run, 'test_platform.py::test_no_posix_here').outcome, 'passed');
    assert.equal(result(run, 'test_platform.py::test_after').outcome, 'passed');
    const failed = result(run, 'test_platform.py::test_average');
    assert.equal(failed.outcome, 'failed');
    assert.equal(failed.exception, 'AssertionError');
    assert.deepEqual(failed.frames.at(-1)?.locals?.readings, '[2, 4]');
    const busy = result(run, 'test_platform.py::test_busy_loop');
    assert.equal(busy.outcome, 'timeout');
    assert.equal(busy.exception, 'TestTimeout');
    assert.equal(busy.frames.at(-1)?.function, 'test_busy_loop');
    assert.deepEqual(
      failuresOf(run).map((failure) => failure.kind),
      ['test', 'timeout'],
    );
  });

  it('ends a test that waits in short sleeps by the timeout too, and runs the rest', async () => {
    const run = await runPytest({
      workspace: path.join(fixtures, 'pytest-hang'),
      python: 'python3',
      selection: [],
      coverage: false,
      perTestTimeoutMs: 1000,
      env: shim,
    });
    assert.deepEqual(
      run.tests.map((test) => [test.nodeid, test.outcome]),
      [
        ['test_hang.py::test_before', 'passed'],
        ['test_hang.py::test_hangs', 'timeout'],
        ['test_hang.py::test_busy_loop', 'timeout'],
        ['test_hang.py::test_after', 'passed'],
      ],
    );
  });
});
