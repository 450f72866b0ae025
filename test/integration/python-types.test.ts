import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';

// The Python helpers type-check with `mypy --strict` (mypy.ini: for Python 3.8, the oldest they
// support), as Debian's mypy checks them against the pytest its interpreter has. The wire's
// TypedDicts (deepdebug/wire.py) hold only as far as this check does.

describe('The Python helpers', function () {
  this.timeout(300_000);

  it('pass mypy --strict: the deepdebug package and the two entry modules pytest loads', () => {
    const root = packageRoot();
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-mypy-'));
    try {
      const mypy = spawnSync(
        'mypy',
        [
          '--config-file',
          path.join(root, 'mypy.ini'),
          '--cache-dir',
          cache,
          'deepdebug',
          'deepdebug_worker.py',
          'deepdebug_pytest_plugin.py',
        ],
        { cwd: path.join(root, 'src', 'python'), encoding: 'utf8' },
      );
      assert.equal(mypy.error, undefined, `cannot run mypy (the set-up installs Debian's: apt-get install mypy): ${String(mypy.error)}`);
      assert.equal(mypy.status, 0, `${mypy.stdout}${mypy.stderr}`);
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });
});
