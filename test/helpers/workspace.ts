import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';

// Fixture workspaces for tests that run real processes: copies in a temp folder (so a test
// can never damage the fixture) and content hashes to prove nothing was written.

export function fixturePath(name: string): string {
  return path.join(packageRoot(), 'test', 'fixtures', name);
}

/** A fresh temp copy of a fixture (a name in test/fixtures, or a folder's absolute path: a bench bug); remove it with removeCopy. */
export function copyFixture(name: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), `deepdebug-${path.basename(name)}-`));
  fs.cpSync(path.isAbsolute(name) ? name : fixturePath(name), copy, { recursive: true });
  return copy;
}

export function removeCopy(copy: string): void {
  fs.rmSync(copy, { recursive: true, force: true });
}

/** sha256 of every file under folder (and the set of folders), keyed by relative path. */
export function hashTree(folder: string): Map<string, string> {
  const hashes = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(folder, full);
      if (entry.isDirectory()) {
        hashes.set(`${relative}/`, 'dir');
        walk(full);
      } else {
        hashes.set(relative, createHash('sha256').update(fs.readFileSync(full)).digest('hex'));
      }
    }
  };
  walk(folder);
  return hashes;
}
