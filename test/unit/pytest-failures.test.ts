import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';
import { failuresOf, isTestFile } from '../../src/core/pytest/failures';
import type { PytestRun, TestResult } from '../../src/core/types';

function result(nodeid: string, outcome: TestResult['outcome'], extra: Partial<TestResult> = {}): TestResult {
  return { nodeid, outcome, phase: 'call', durationMs: 1, frames: [], ...extra };
}

function run(tests: TestResult[]): PytestRun {
  return {
    kind: 'pytest-run',
    workspace: '/w',
    python: 'python3',
    selection: [],
    tests,
    exitCode: 1,
    durationMs: 10,
    coverageRecorded: false,
    environRead: [],
    userBase: null,
  };
}

describe('failuresOf', () => {
  it('keeps failed, errored, timed-out and crashed tests, each with its kind', () => {
    const frame = { file: 'm.py', line: 3, function: 'f', inWorkspace: true };
    const failures = failuresOf(
      run([
        result('t.py::ok', 'passed'),
        result('t.py::skip', 'skipped'),
        result('t.py::xf', 'xfailed'),
        result('t.py::xp', 'xpassed'),
        result('t.py::bad', 'failed', {
          exception: 'AssertionError',
          message: 'assert 1 == 2',
          longrepr: 'E   assert 1 == 2',
          frames: [frame],
        }),
        result('t.py::fixture', 'error', { phase: 'setup', exception: 'RuntimeError' }),
        result('broken.py', 'error', { phase: 'collect', exception: 'SyntaxError' }),
        result('t.py::slow', 'timeout', { exception: 'TestTimeout' }),
        result('t.py::boom', 'crashed', { exception: 'InterpreterCrash' }),
      ]),
    );
    assert.deepEqual(
      failures.map((failure) => [failure.nodeid, failure.kind, failure.exception]),
      [
        ['t.py::bad', 'test', 'AssertionError'],
        ['t.py::fixture', 'test', 'RuntimeError'],
        ['broken.py', 'collection', 'SyntaxError'],
        ['t.py::slow', 'timeout', 'TestTimeout'],
        ['t.py::boom', 'crash', 'InterpreterCrash'],
      ],
    );
    assert.deepEqual(failures[0], {
      nodeid: 't.py::bad',
      kind: 'test',
      exception: 'AssertionError',
      message: 'assert 1 == 2',
      longrepr: 'E   assert 1 == 2',
      frames: [frame],
    });
  });

  it('fills in what a result lacks', () => {
    const [failure] = failuresOf(run([result('t.py::bare', 'error', { phase: 'teardown' })]));
    assert.deepEqual(failure, { nodeid: 't.py::bare', kind: 'test', exception: 'Error', message: '', longrepr: '', frames: [] });
  });
});

describe('isTestFile', () => {
  it("follows pytest's default names and test folders", () => {
    for (const file of ['test_stats.py', 'pkg/stats_test.py', 'conftest.py', 'tests/helpers.py', 'src/test/util.py', 'a\\tests\\b.py']) {
      assert.equal(isTestFile(file), true, file);
    }
    for (const file of ['stats.py', 'testing.py', 'pkg/contest.py', 'latest_test.txt', 'tests_data/x.py', 'attest.py']) {
      assert.equal(isTestFile(file), false, file);
    }
  });

  it("counts the failing tests' own files, whatever their names", () => {
    const [failure] = failuresOf(run([result('checks/verify.py::test_total', 'failed')]));
    assert.equal(isTestFile('checks/verify.py', [failure!]), true);
    assert.equal(isTestFile('checks\\verify.py', [failure!]), true);
    assert.equal(isTestFile('checks/verify.py'), false);
    assert.equal(isTestFile('checks/total.py', [failure!]), false);
  });

  it('is the rule the Python bug makers follow: extract_bugs.py, and make_bugs.py through it', () => {
    const files = [
      ...['test_stats.py', 'test_.py', 'sub/stats_test.py', 'conftest.py', 'sub/conftest.py', 'tests/helpers.py', 'test/util.py'],
      ...['a/tests/b/deep.py', 'stats.py', 'testing.py', 'test.py', 'sub/contest.py', 'attest.py', 'mytest_x.py', 'tests_data/x.py'],
      ...['stats_test.pyc', 'test_notes.txt', 'tests/data.json'],
    ];
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'test-files-'));
    try {
      for (const file of files) {
        fs.mkdirSync(path.dirname(path.join(folder, 'pkg', file)), { recursive: true });
        fs.writeFileSync(path.join(folder, 'pkg', file), '');
      }
      // The rule on every path, and the corpus walk extract_bugs.py reads packages with.
      const script = [
        'import json, os, sys',
        'import extract_bugs as x',
        'root, files = sys.argv[1], json.loads(sys.argv[2])',
        'walked = sorted(os.path.relpath(p, os.path.dirname(root)) for p in x.python_files(root))',
        'print(json.dumps({"rule": [x.is_test_file(f) for f in files], "walked": walked}))',
      ].join('\n');
      const inPackage = files.map((file) => `pkg/${file}`);
      const python = JSON.parse(
        execFileSync('python3', ['-c', script, path.join(folder, 'pkg'), JSON.stringify(inPackage)], {
          cwd: path.join(packageRoot(), 'models', 'training'),
          encoding: 'utf8',
        }),
      ) as { rule: boolean[]; walked: string[] };
      assert.deepEqual(
        python.rule,
        inPackage.map((file) => isTestFile(file)),
      );
      assert.deepEqual(python.walked, inPackage.filter((file) => file.endsWith('.py') && !isTestFile(file)).sort());
      assert.ok(python.rule.includes(true) && python.walked.length > 0);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
