import * as assert from 'node:assert/strict';
import { assertPatchShown } from '../helpers/cli';
import { fix, passesPlainPytest } from '../helpers/fix-run';
import { removeCopy } from '../helpers/workspace';

// The anytime search through the `deepdebug` command on real pytest runs: fixes that take two
// edits (found through a round on a partial fix, or by pairing single edits), and a search
// that says why it ended.

describe('The anytime search', function () {
  this.timeout(300_000);

  it('builds on a partial fix: one edit fixes two failing tests, a second edit on top of it the third', () => {
    const { report, workspace, status, stderr } = fix('search-partial');
    removeCopy(workspace);
    assertPatchShown(status, stderr);
    const search = report.stats.search!;
    assert.ok(search.partialFixes >= 1, JSON.stringify(search));
    assert.ok(search.rounds.partial > 0);
    const best = report.patches[0]!;
    assert.match(best.editKind, /\+/, 'two edits');
    assert.match(best.diff, /^\+    largest = max\(values\)$/m);
    assert.ok(passesPlainPytest('search-partial', best.file, best.newFileText), best.diff);
  });

  it('fixes a bug that needs two edits on one line, where neither edit alone passes', () => {
    const { report, workspace, status, stderr } = fix('search-two-edits');
    removeCopy(workspace);
    assert.equal(status, 0, stderr);
    const best = report.patches[0]!;
    assert.match(best.editKind, /\+/, 'two edits');
    assert.ok(passesPlainPytest('search-two-edits', best.file, best.newFileText), best.diff);
  });

  it('says why it ended: a small space tried to the end, or a limit on candidates', () => {
    const small = fix('search-small-space');
    removeCopy(small.workspace);
    assert.equal(small.status, 1, small.stderr);
    assert.equal(small.report.stats.search!.endedBecause, 'exhausted');
    const limited = fix('search-two-edits', ['--max-candidates', '5']);
    removeCopy(limited.workspace);
    assert.equal(limited.report.stats.search!.endedBecause, 'max-candidates');
    assert.equal(limited.report.stats.candidatesGenerated, 5);
  });

  it('explains a fix by its clean re-check, which re-runs only the tests that run the patched code when the others are slow', () => {
    // The two passing tests sleep 1.2 s each in a function the bug is not in: too slow to re-run
    // whole against the candidate limit, and neither runs bulk_price.
    const { report, workspace, status, stderr } = fix('explain-slow-suite');
    removeCopy(workspace);
    assertPatchShown(status, stderr);
    assert.ok(report.patches.length > 0);
    for (const patch of report.patches) {
      assert.deepEqual(patch.explanation, {
        fixed: [
          {
            nodeid: 'tests/test_pricing.py::test_bulk_price_at_ten',
            before: { kind: 'test', error: 'AssertionError: assert 20.0 == 18.0' },
            after: 'passed',
          },
        ],
        others: { passedBefore: 2, ran: 0, passed: 0 },
      });
    }
  });

  it('with no validated patch, still points somewhere: the suspect, where the test failed in it, the values its frame held', () => {
    // Minutes without hours need new logic, which no edit family writes.
    const { report, workspace, stdout, status, stderr } = fix('evidence-no-fix', ['--time-budget', '10']);
    removeCopy(workspace);
    assert.equal(status, 1, stderr);
    assert.equal(report.patches.length, 0);
    assert.deepEqual(report.suspects[0]!.evidence, {
      frames: [{ nodeid: 'test_durations.py::test_minutes_only', line: 6, position: 1, of: 2 }],
      spectrum: { line: 6, failing: 1, failingTotal: 1, passing: 2, passingTotal: 2 },
    });
    const block = stdout.slice(stdout.indexOf('Evidence (where to look):'));
    assert.match(block, /^ {2}1\. durations\.py:4 parse_duration$/m);
    assert.match(block, /^ {5}line 6 is where test_minutes_only failed \(ValueError: not enough values to unpack \(expected 2, got 1\)\)/m);
    assert.match(block, /^ {7}values there: text = '45m'$/m);
    assert.match(block, /^ {5}line 6 was run by the failing test and by both passing tests$/m);
    assert.doesNotMatch(stdout, /test_durations\.py:\d+ test_/, 'test functions are not suspects while edits to tests are off');
  });
});
