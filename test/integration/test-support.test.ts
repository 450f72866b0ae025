import * as assert from 'node:assert/strict';
import { fix, passesPlainPytest, type FixRun } from '../helpers/fix-run';
import { removeCopy } from '../helpers/workspace';

// The code under test, not its test support: a helper beside the tests (in checks/, imported
// only by them) builds what a test compares with; flipping it makes the test pass and fixes
// nothing. Only the code in lib/ is edited.

describe('A fix run where the tests have a helper of their own', () => {
  let run: FixRun;

  before(() => {
    run = fix('test-support');
  });

  after(() => {
    if (run) removeCopy(run.workspace);
  });

  it("edits the code under test, never the tests' helper", () => {
    assert.ok(run.report.patches.length >= 1, run.stderr);
    assert.deepEqual([...new Set(run.report.patches.map((p) => p.file))], ['lib/ranking.py'], run.stdout);
    const first = run.report.patches[0]!;
    assert.equal(passesPlainPytest('test-support', first.file, first.newFileText), true);
  });

  it('lets the user allow edits to test code, the helper included', () => {
    const allowed = fix('test-support', ['--allow-test-edits']);
    try {
      assert.ok(
        allowed.report.patches.some((p) => p.file === 'checks/helpers.py'),
        JSON.stringify(allowed.report.patches.map((p) => p.summary)),
      );
    } finally {
      removeCopy(allowed.workspace);
    }
  });
});
