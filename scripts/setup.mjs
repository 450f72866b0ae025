// Makes a fresh clone runnable: installs npm packages when node_modules is missing or older
// than package-lock.json, then builds the bundles. `npm test` and `npm run demo` both run it
// first, so each of the README's two commands does its own set-up. Uses Node built-ins only,
// because it runs before any package is installed.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const installedLock = path.join(root, 'node_modules', '.package-lock.json');
const lock = path.join(root, 'package-lock.json');

function run(command, args, env = {}) {
  execFileSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

const stale = !fs.existsSync(installedLock) || fs.statSync(installedLock).mtimeMs < fs.statSync(lock).mtimeMs;
if (stale) {
  console.error('setup: installing npm packages');
  // onnxruntime-node's install script would fetch the CUDA provider from outside the npm registry.
  run('npm', ['ci', '--no-audit', '--no-fund'], { ONNXRUNTIME_NODE_INSTALL: 'skip' });
}
run(process.execPath, [path.join(root, 'scripts', 'build.mjs')]);
