import * as assert from 'node:assert/strict';
import { fix, passesPlainPytest } from '../helpers/fix-run';
import { removeCopy } from '../helpers/workspace';

// Guards and early exits synthesized from angelic statement probes, through the `deepdebug`
// command: bugs whose fix is a statement that should run only under a condition, or a
// `continue`, `break` or `return` the code lacks; the probe finds where the tests want the new
// path, the synthesizer the condition, and plain pytest accepts the patch.

const cases: [fixture: string, file: string, kind: string, condition: string, what: string][] = [
  ['synth-statement-guard', 'ledger.py', 'synth-guard', 'if name == account:', 'a sum that must add only the matching entries'],
  ['synth-statement-continue', 'settings.py', 'synth-continue', "if line.startswith('#'):", 'comment lines a loop must skip'],
  ['synth-statement-break', 'transcript.py', 'synth-break', "if line == 'END':", 'a loop that must stop at a terminator'],
];

describe('Guards and early exits synthesized from statement probes', function () {
  this.timeout(300_000);

  for (const [fixture, file, kind, condition, what] of cases) {
    it(`fixes ${what} with \`${condition}\``, () => {
      const { report, workspace, status, stderr } = fix(fixture, ['--time-budget', '60']);
      removeCopy(workspace);
      assert.equal(status, 0, stderr);
      const statements = report.stats.search!.synthesizedStatements;
      assert.ok(statements && statements.byProbe > 0, JSON.stringify(report.stats.search));
      const best = report.patches[0]!;
      assert.equal(best.editKind, kind, best.diff);
      assert.equal(best.file, file);
      assert.ok(best.newFileText.includes(condition), best.diff);
      assert.equal(best.assurance, 'fix', best.rankedBecause);
      assert.ok(passesPlainPytest(fixture, best.file, best.newFileText), best.diff);
    });
  }

  it('returns early under a synthesized condition where the code divides by an empty count', () => {
    const fixture = 'synth-statement-return';
    const { report, workspace, status, stderr } = fix(fixture, ['--time-budget', '60']);
    removeCopy(workspace);
    assert.equal(status, 0, stderr);
    const early = report.patches.find((p) => p.editKind === 'synth-return');
    assert.ok(early, report.patches.map((p) => p.summary).join('\n'));
    assert.ok(early.newFileText.includes('if not grades:\n        return None\n    total = sum(grades)'), early.diff);
    assert.ok(passesPlainPytest(fixture, early.file, early.newFileText), early.diff);
  });
});
