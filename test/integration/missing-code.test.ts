import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';
import { normalizeCode } from '../../src/core/generate/normalize';
import { fix, passesPlainPytest } from '../helpers/fix-run';
import { removeCopy } from '../helpers/workspace';

// Bugs whose fix is code that is missing (bench/missing/, written from the classes before the
// code that fixes them), on real pytest runs: a literal in the wrong case, a regular expression
// whose group must be optional, a wrong literal in a module constant the function reads, the
// same wrap missing on both sides of a comparison, a value that must be sliced by a parameter.
// The developers' fix is shown first and passes plain pytest.

const MISSING = path.join(packageRoot(), 'bench', 'missing');

interface MissingBug {
  file: string;
  kind: string;
  fixedFunction: string;
  fixedConstant?: { text: string };
}

describe('code that is missing, on real pytest runs', function () {
  this.timeout(240_000);
  this.slow(30_000);

  for (const name of ['content_type', 'version_parts', 'backup_files', 'find_contact', 'top_products']) {
    it(`${name}: the developers' fix is shown first`, () => {
      const bug = JSON.parse(fs.readFileSync(path.join(MISSING, name, 'bug.json'), 'utf8')) as MissingBug;
      const { report, workspace, status, stderr } = fix(path.join(MISSING, name), ['--time-budget', '40']);
      removeCopy(workspace);
      assert.ok(status === 0 || status === 4, stderr);
      const [top] = report.patches;
      assert.ok(top, stderr);
      if (bug.fixedConstant) assert.equal(top.newFunctionText.trim(), bug.fixedConstant.text.trim(), top.diff);
      else assert.equal(normalizeCode(top.newFunctionText), normalizeCode(bug.fixedFunction), top.diff);
      assert.ok(passesPlainPytest(path.join(MISSING, name), bug.file, top.newFileText), 'the fix passes plain pytest');
    });
  }
});
