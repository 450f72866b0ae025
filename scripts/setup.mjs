// Makes a fresh clone runnable for one purpose, the first argument:
//   demo  `npm run demo`: DeepDebug itself (pytest, bubblewrap), the npm packages, the build;
//   ui    `npm run demo:ui`: also code-server, with what building it takes;
//   unit  `npm run test:unit`: pytest (unit tests run Python too), patch (diffs are applied with it), the build;
//   integration  `npm run test:integration`: also mypy and patch (no code-server, no browser);
//   test  `npm test`, `npm run test:e2e` and .ci/run: also what the tests drive (Chromium, mypy, patch).
// Steps: the system packages (scripts/setup/system-packages.mjs), `npm ci` when node_modules
// is missing or older than package-lock.json, code-server (scripts/install-code-server.sh),
// the build. What cannot be installed is said in one line and the set-up goes on, so that
// what can run still runs; `--strict` (CI) stops there instead. Uses Node built-ins only,
// because it runs before any package is installed.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureSystemPackages } from './setup/system-packages.mjs';
import { root } from './root.mjs';

const needsOf = {
  demo: ['run'],
  ui: ['run', 'code-server'],
  unit: ['run', 'diffs'],
  integration: ['run', 'typecheck', 'diffs'],
  test: ['run', 'code-server', 'browser', 'typecheck', 'diffs'],
};
const [purpose = 'demo', ...flags] = process.argv.slice(2);
const needs = needsOf[purpose];
if (!needs || flags.some((flag) => flag !== '--strict')) {
  console.error('usage: node scripts/setup.mjs demo|ui|unit|integration|test [--strict]');
  process.exit(2);
}
const strict = flags.includes('--strict');

const installedLock = path.join(root, 'node_modules', '.package-lock.json');
const lock = path.join(root, 'package-lock.json');
const log = (line) => console.error(`setup: ${line}`);

function run(command, args, env = {}) {
  execFileSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

const { missing, why } = ensureSystemPackages(needs, log);
if (missing.length > 0) {
  const what = missing.map((pkg) => `${pkg.name} (${pkg.why})`).join(', ');
  const fix = `apt-get install ${missing.map((pkg) => pkg.name).join(' ')}`;
  log(`${strict ? 'stopping' : 'going on'} without ${what}: ${why}; to install them as root: ${fix}`);
  if (strict) process.exit(1);
}

const stale = !fs.existsSync(installedLock) || fs.statSync(installedLock).mtimeMs < fs.statSync(lock).mtimeMs;
if (stale) {
  log('installing npm packages');
  // onnxruntime-node's install script would fetch the CUDA provider from outside the npm registry.
  run('npm', ['ci', '--no-audit', '--no-fund'], { ONNXRUNTIME_NODE_INSTALL: 'skip' });
}

if (needs.includes('code-server')) {
  if (missing.some((pkg) => pkg.need === 'code-server')) log('code-server not installed: building it needs the packages above');
  else run('bash', [path.join(root, 'scripts', 'install-code-server.sh')]);
}

run(process.execPath, [path.join(root, 'scripts', 'build.mjs')]);
