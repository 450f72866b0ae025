import * as assert from 'node:assert/strict';
import { fix, passesPlainPytest } from '../helpers/fix-run';
import { removeCopy } from '../helpers/workspace';

// Values synthesized from value probes, through the `deepdebug` command: a bug of the
// method-call class (a list that should be de-duplicated, keeping its order) that no template
// writes, fixed by a variant of the returned value that plain pytest accepts.

describe('Values synthesized from value probes', function () {
  this.timeout(300_000);

  it('fixes a list that keeps repeated visits with `list(dict.fromkeys(pages))`', () => {
    const { report, workspace, status, stderr } = fix('synth-value-visits', ['--time-budget', '60']);
    removeCopy(workspace);
    assert.equal(status, 0, stderr);
    const search = report.stats.search!;
    assert.ok((search.angelicRuns ?? 0) > 0 && (search.synthesizedValues ?? 0) > 0, JSON.stringify(search));
    const best = report.patches[0]!;
    assert.equal(best.editKind, 'synth-value', best.diff);
    assert.match(best.diff, /^\+ {4}return list\(dict\.fromkeys\(pages\)\)$/m);
    assert.ok(passesPlainPytest('synth-value-visits', best.file, best.newFileText), best.diff);
  });
});
