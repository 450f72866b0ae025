import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';

// The Python helpers type-check with `mypy --strict` (mypy.ini: for Python 3.8, the oldest they
// support), as Debian's mypy checks them against the pytest its interpreter has. The wire's
// TypedDicts (deepdebug/wire.py) hold only as far as this check does. They run on the user's
// platform, so they are checked for macOS and Windows too: a POSIX-only call there is an error
// unless it is on a path Windows never takes (the fork validator's, behind a platform check).

const ENTRY_MODULES = ['deepdebug_worker.py', 'deepdebug_pytest_plugin.py'];

function mypy(files: string[], platform?: string): void {
  const root = packageRoot();
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-mypy-'));
  try {
    const run = spawnSync(
      'mypy',
      ['--config-file', path.join(root, 'mypy.ini'), '--cache-dir', cache, ...(platform ? ['--platform', platform] : []), ...files],
      { cwd: path.join(root, 'src', 'python'), encoding: 'utf8' },
    );
    assert.equal(run.error, undefined, `cannot run mypy (the set-up installs Debian's: apt-get install mypy): ${String(run.error)}`);
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
  } finally {
    fs.rmSync(cache, { recursive: true, force: true });
  }
}

describe('The Python helpers', function () {
  this.timeout(300_000);

  it('pass mypy --strict: the deepdebug package and the two entry modules pytest loads', () => {
    mypy(['deepdebug', ...ENTRY_MODULES]);
  });

  it('pass it for macOS as well', () => {
    mypy(['deepdebug', ...ENTRY_MODULES], 'darwin');
  });

  it('pass it for Windows: the first run, and the worker whose candidates run in place', () => {
    mypy(['deepdebug', ...ENTRY_MODULES], 'win32');
  });
});
