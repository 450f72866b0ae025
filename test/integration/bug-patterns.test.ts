import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';
import { normalizeCode } from '../../src/core/generate/normalize';
import { fix, passesPlainPytest } from '../helpers/fix-run';
import { removeCopy } from '../helpers/workspace';

// Bugs of the patterns a linter knows (bench/patterns/, written from the classes before the
// family), fixed on real pytest runs: a mutable default that fails only in the suite's order,
// a lambda that reads its loop variable late, a None comparison an object's __eq__ answers, an
// assert on a tuple. The shown fix is the textbook one, first, and passes plain pytest.

const PATTERNS = path.join(packageRoot(), 'bench', 'patterns');

interface PatternBug {
  file: string;
  fixedFunction: string;
}

describe('bug patterns with known fixes, on real pytest runs', function () {
  this.timeout(240_000);
  this.slow(30_000);

  for (const name of ['tag_list', 'cart_items', 'scalers', 'first_present', 'refund_check']) {
    it(`${name}: the textbook fix is shown first`, () => {
      const bug = JSON.parse(fs.readFileSync(path.join(PATTERNS, name, 'bug.json'), 'utf8')) as PatternBug;
      const { report, workspace, status, stderr } = fix(path.join(PATTERNS, name), ['--time-budget', '30']);
      removeCopy(workspace);
      assert.ok(status === 0 || status === 4, stderr);
      const [top] = report.patches;
      assert.ok(top, stderr);
      assert.equal(normalizeCode(top.newFunctionText), normalizeCode(bug.fixedFunction), top.diff);
      assert.ok(passesPlainPytest(path.join(PATTERNS, name), bug.file, top.newFileText), 'the fix passes plain pytest');
    });
  }
});
