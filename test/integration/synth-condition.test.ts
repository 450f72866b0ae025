import * as assert from 'node:assert/strict';
import { fix, passesPlainPytest } from '../helpers/fix-run';
import { removeCopy } from '../helpers/workspace';

// Conditions synthesized from angelic probes, through the `deepdebug` command: bugs whose fix
// is a condition no template writes (a new comparison of two names in scope, a missing
// disjunct, an extra bound on a loop), fixed by a synthesized one that plain pytest accepts.

const cases: [fixture: string, file: string, what: string][] = [
  ['synth-condition-disjunct', 'alerts.py', 'a comparison made inclusive and a missing disjunct: `count >= limit or urgent`'],
  ['synth-condition-compare', 'prices.py', 'a new conjunct comparing two names: `price <= budget and (...)`'],
  ['synth-condition-while', 'taking.py', 'an extra bound on a loop: `i < limit and (...)`'],
];

describe('Conditions synthesized from angelic values', function () {
  this.timeout(300_000);

  for (const [fixture, file, what] of cases) {
    it(`fixes ${what}`, () => {
      const { report, workspace, status, stderr } = fix(fixture, ['--time-budget', '60']);
      removeCopy(workspace);
      assert.equal(status, 0, stderr);
      const search = report.stats.search!;
      assert.ok((search.angelicRuns ?? 0) > 0 && (search.synthesized ?? 0) > 0, JSON.stringify(search));
      const best = report.patches[0]!;
      assert.equal(best.editKind, 'synth-condition', best.diff);
      assert.equal(best.file, file);
      assert.ok(passesPlainPytest(fixture, best.file, best.newFileText), best.diff);
    });
  }
});
