import * as assert from 'node:assert/strict';
import { fix, passesPlainPytest } from '../helpers/fix-run';
import { removeCopy } from '../helpers/workspace';

// Fixes that only the failing runs' values make possible (templates/runtime-types.ts), through
// the `deepdebug` command on real pytest runs: an attribute the object had at runtime that the
// file never reads on it, and a str method a parameter needs, typed by the failing test's argument.

describe('Edits from runtime types', function () {
  this.timeout(300_000);

  for (const [fixture, file, line, kind] of [
    [
      'runtime-type-attribute',
      'accounts.py',
      /^\+    return amount <= account\.(?:balance \+ account\.limit|limit \+ account\.balance)$/m,
      'typed-attribute',
    ],
    ['runtime-type-strip', 'config.py', /^\+    return key\.strip\(\)\.lower\(\)$/m, 'typed-call'],
  ] as const) {
    it(`fixes ${fixture} with a ${kind} edit`, () => {
      const { report, workspace, status, stderr } = fix(fixture);
      removeCopy(workspace);
      assert.equal(status, 0, stderr);
      const best = report.patches[0]!;
      // The attribute may come on top of a partial fix that read another one first: the same code.
      assert.match(best.editKind, new RegExp(kind));
      assert.match(best.diff, line);
      assert.ok(passesPlainPytest(fixture, file, best.newFileText), best.diff);
      assert.ok((report.stats.search?.byKind[kind]?.validated ?? 0) > 0, 'the search counts the kind');
    });
  }
});
