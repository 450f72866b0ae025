import * as assert from 'node:assert/strict';
import { neighbourFiles, testScopeText, withNeighbours } from '../../src/core/pytest/neighbours';
import type { PytestRun, TestResult } from '../../src/core/types';

function test(nodeid: string, outcome: TestResult['outcome'], phase: TestResult['phase'] = 'call'): TestResult {
  return { nodeid, outcome, phase, durationMs: 1, frames: [] };
}

function run(tests: TestResult[], selection: string[] = []): PytestRun {
  return {
    kind: 'pytest-run',
    workspace: '/w',
    python: 'python3',
    selection,
    tests,
    exitCode: 1,
    durationMs: 10,
    coverageRecorded: true,
    environRead: [],
    userBase: null,
  };
}

describe('the tests around a selection', () => {
  const selected = run([test('tests/test_a.py::test_x', 'failed'), test('tests/test_b.py::TestB::test_y', 'failed')]);

  it('widens node ids and -k / -m filters to their files, in the order they ran', () => {
    assert.deepEqual(neighbourFiles(['tests/test_a.py::test_x', 'tests/test_b.py::TestB::test_y'], selected), [
      'tests/test_a.py',
      'tests/test_b.py',
    ]);
    assert.deepEqual(neighbourFiles(['-k', 'x or y'], selected), ['tests/test_a.py', 'tests/test_b.py']);
    assert.deepEqual(neighbourFiles(['tests', '-m', 'slow'], selected), ['tests/test_a.py', 'tests/test_b.py']);
  });

  it('leaves whole files, folders and the whole suite as they are', () => {
    assert.equal(neighbourFiles([], selected), null);
    assert.equal(neighbourFiles(['tests/test_a.py', 'tests'], selected), null);
  });

  it('does not widen to a file that only failed to collect', () => {
    assert.equal(neighbourFiles(['-k', 'x'], run([test('tests/test_c.py', 'error', 'collect')])), null);
  });

  it('adds the neighbours that passed, and only those, as guards', () => {
    const around = run([
      test('tests/test_a.py::test_x', 'failed'),
      test('tests/test_a.py::test_z', 'passed'),
      test('tests/test_a.py::test_broken', 'failed'),
      test('tests/test_a.py::test_skipped', 'skipped'),
      test('tests/test_b.py::TestB::test_y', 'failed'),
      test('tests/test_b.py::TestB::test_w', 'passed'),
    ]);
    const files = ['tests/test_a.py', 'tests/test_b.py'];
    const { run: merged, scope } = withNeighbours(selected, around, files);
    assert.deepEqual(
      merged.tests.map((t) => `${t.nodeid} ${t.outcome}`),
      [
        'tests/test_a.py::test_x failed',
        'tests/test_b.py::TestB::test_y failed',
        'tests/test_a.py::test_z passed',
        'tests/test_b.py::TestB::test_w passed',
      ],
    );
    assert.deepEqual(scope, { selected: 2, files, neighbours: 2 });
    assert.equal(testScopeText(scope), 'the 2 selected tests and the 2 other passing tests of tests/test_a.py, tests/test_b.py');
  });
});
