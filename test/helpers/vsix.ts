import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';

// The .vsix of the bundles in dist/ as they are (what `npm run package` makes after its build),
// for the tests that unpack or install it (test/integration/extension-package.test.ts,
// test/e2e/code-server.ts). vsce zips the model and onnxruntime, which takes a while, so it runs
// once per test process: `npm test` runs every tier in one mocha process, and a tier run alone
// packages it once for itself.

let packaged: string | undefined;

/** The path of the packaged .vsix; removed when the process exits. */
export function packagedVsix(): string {
  if (packaged) return packaged;
  const root = packageRoot();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-vsix-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const vsix = path.join(dir, 'deepdebug-linux-x64.vsix');
  execFileSync(path.join(root, 'node_modules', '.bin', 'vsce'), ['package', '--target', 'linux-x64', '--out', vsix], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 300_000,
  });
  packaged = vsix;
  return vsix;
}
