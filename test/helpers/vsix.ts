import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';

// The .vsix packages of the bundles in dist/ as they are (what `npm run package` makes after its
// build, through the same script: scripts/package.mjs), for the tests that unpack or install
// them (test/integration/extension-package.test.ts, platform-packages.test.ts,
// test/e2e/code-server.ts). vsce zips the model and onnxruntime, which takes a while, so each
// target is packaged once per test process: `npm test` runs every tier in one mocha process.

/** The targets `npm run package` writes a package for, and the runtime folder each carries (null: none). */
export const PACKAGE_TARGETS = JSON.parse(fs.readFileSync(path.join(packageRoot(), 'scripts', 'package-targets.json'), 'utf8')) as Record<
  string,
  { runtime: string | null }
>;

const packaged = new Map<string, string>();
let folder: string | undefined;

/** The paths of the packaged .vsix of each target, by target; removed when the process exits. */
export function packagedVsixes(targets: readonly string[]): Map<string, string> {
  const missing = targets.filter((target) => !packaged.has(target));
  if (missing.length > 0) {
    if (!folder) {
      const made = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-vsix-'));
      process.on('exit', () => fs.rmSync(made, { recursive: true, force: true }));
      folder = made;
    }
    const root = packageRoot();
    execFileSync(
      process.execPath,
      [path.join(root, 'scripts', 'package.mjs'), '--no-build', '--target', missing.join(','), '--out-dir', folder],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 * missing.length },
    );
    for (const target of missing) packaged.set(target, path.join(folder, `deepdebug-${target}.vsix`));
  }
  return new Map(targets.map((target) => [target, packaged.get(target)!]));
}

/** The path of the packaged linux-x64 .vsix, the one this machine can install. */
export function packagedVsix(): string {
  return packagedVsixes(['linux-x64']).get('linux-x64')!;
}

/** Every file under `root`, as a path relative to it with forward slashes (as in a .vsix). */
export function filesUnder(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}
