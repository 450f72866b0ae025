import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fix } from '../helpers/fix-run';
import { removeCopy } from '../helpers/workspace';

// Packages installed with `pip install --user` stay importable by the candidates although their
// HOME is moved: the world names the interpreter's own user base, asked of it, not assumed to be
// ~/.local (a macOS framework build keeps it in ~/Library/Python/X.Y, Windows in %APPDATA%).
// The interpreter here is a wrapper whose user base is elsewhere, as such a build's is.

describe("the user's own packages (pip install --user)", function () {
  this.timeout(240_000);
  let temp: string;
  let python: string;

  before(() => {
    temp = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-user-site-'));
    const userBase = path.join(temp, 'Library', 'Python');
    python = path.join(temp, 'python');
    fs.writeFileSync(python, `#!/bin/sh\nPYTHONUSERBASE="\${PYTHONUSERBASE:-${userBase}}" exec python3 "$@"\n`, { mode: 0o755 });
    const site = execFileSync(python, ['-c', 'import site; print(site.getusersitepackages())'], { encoding: 'utf8' }).trim();
    assert.ok(site.startsWith(userBase), site);
    fs.mkdirSync(site, { recursive: true });
    fs.writeFileSync(path.join(site, 'shoplib.py'), 'VAT_RATE = 1.2\n');
  });
  after(() => fs.rmSync(temp, { recursive: true, force: true }));

  it('are found by the candidates as in the user run, and the bug is fixed', () => {
    const { report, workspace, stderr } = fix('user-site', ['--python', python, '--time-budget', '60']);
    removeCopy(workspace);
    assert.deepEqual(report.world?.differs, [], stderr);
    const [top] = report.patches;
    assert.ok(top, stderr);
    assert.match(top.diff, /\+ {4}return round\(net \* VAT_RATE, 2\)/);
  });
});
