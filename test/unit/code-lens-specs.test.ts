// Where "Debug with DeepDebug" shows: above each test function that failed in the latest run.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { Failure, FixReport } from '../../src/core/types';
import { codeLensSpecs } from '../../src/extension/logic/code-lens-specs';
import { runFromFix } from '../../src/extension/logic/run-record';

const workspace = path.resolve('/tmp/ws');
const testFile = path.join(workspace, 'tests', 'test_cart.py');
const text = [
  'import pytest', // 1
  '', // 2
  'def test_total():', // 3
  '    assert total([(2, 5)]) == 10', // 4
  '', // 5
  '@pytest.mark.parametrize("n", [1, 2])', // 6
  'def test_count(n):', // 7
  '    assert count(n) == n', // 8
  '', // 9
  'class TestRefunds:', // 10
  '    async def test_total(self):', // 11
  '        assert refund() == 0', // 12
  '', // 13
  'def test_passes():', // 14
  '    assert True', // 15
].join('\n');

function failure(nodeid: string, line: number, kind: Failure['kind'] = 'test'): Failure {
  return {
    nodeid,
    kind,
    exception: 'AssertionError',
    message: '',
    longrepr: '',
    frames: [{ file: 'tests/test_cart.py', line, function: 'x', inWorkspace: true }],
  };
}

function run(failures: Failure[]): ReturnType<typeof runFromFix> {
  const report: FixReport = {
    version: 1,
    workspace,
    failures,
    flaky: [],
    suspects: [],
    patches: [],
    model: { name: null, device: null },
    stats: { candidatesGenerated: 0, candidatesValidated: 0, elapsedMs: 0, timeToFirstFixMs: null },
  };
  return runFromFix('r1', workspace, report);
}

describe('code-lens-specs', () => {
  it('puts one lens on the def of each failing test function, with all its failing cases', () => {
    const failures = [
      failure('tests/test_cart.py::test_total', 4),
      failure('tests/test_cart.py::test_count[1]', 8),
      failure('tests/test_cart.py::test_count[2]', 8),
      failure('tests/test_cart.py::TestRefunds::test_total', 12),
    ];
    assert.deepEqual(codeLensSpecs([run(failures)], testFile, text), [
      { line: 3, workspace, nodeids: ['tests/test_cart.py::test_total'] },
      { line: 7, workspace, nodeids: ['tests/test_cart.py::test_count[1]', 'tests/test_cart.py::test_count[2]'] },
      { line: 11, workspace, nodeids: ['tests/test_cart.py::TestRefunds::test_total'] },
    ]);
  });

  it('puts none on passing tests, in other files, or for a file that failed to collect', () => {
    assert.deepEqual(
      codeLensSpecs([run([failure('tests/test_cart.py::test_total', 4)])], path.join(workspace, 'tests', 'test_other.py'), text),
      [],
    );
    assert.deepEqual(codeLensSpecs([run([failure('tests/test_cart.py', 1, 'collection')])], testFile, text), []);
    assert.deepEqual(codeLensSpecs([run([])], testFile, text), []);
  });

  it('follows the function when lines were added above it since the run', () => {
    const edited = ['# a new comment', '', text].join('\n');
    assert.deepEqual(codeLensSpecs([run([failure('tests/test_cart.py::test_total', 6)])], testFile, edited), [
      { line: 5, workspace, nodeids: ['tests/test_cart.py::test_total'] },
    ]);
  });
});
