// `npm run test:one -- <test file or words of a test's title>`: the daily loop for one change.
// Compiles incrementally (tsconfig.test.json keeps tsc's build info in out/, so a one-file
// change recompiles in seconds), drops stale compiled tests (prune-out.mjs), rebuilds dist/
// when an integration or end-to-end test will run (they drive the built CLI and extension),
// and runs mocha on that file, or on every unit and integration test whose title matches.
//   npm run test:one -- test/unit/behaviour.test.ts
//   npm run test:one -- "mostly repeats"
// Node built-ins only; the set-up (`npm test` once, or scripts/setup.mjs) must have run.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { root } from './root.mjs';

const [target, ...rest] = process.argv.slice(2);
if (!target || rest.length > 0) {
  console.error('usage: npm run test:one -- <test file | words of a test title>');
  process.exit(2);
}

const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const file = path.resolve(target);
const isFile = fs.existsSync(file) && fs.statSync(file).isFile();
// test/<tier>/....test.ts: the tier decides the build and mocha's configuration.
const relative = isFile ? path.relative(root, file).split(path.sep).join('/') : null;
if (relative !== null && !/^test\/.*\.test\.ts$/.test(relative)) {
  console.error(`test:one: ${target} is not a test file (test/**/*.test.ts)`);
  process.exit(2);
}
const tier = relative?.split('/')[1] ?? null;
const specs = relative ? [`out/${relative.replace(/\.ts$/, '.js')}`] : ['out/test/unit/*.test.js', 'out/test/integration/*.test.js'];

run(process.execPath, [path.join(root, 'scripts', 'prune-out.mjs')]);
run(bin('tsc'), ['-p', 'tsconfig.test.json']);
if (tier !== 'unit') run(process.execPath, [path.join(root, 'scripts', 'build.mjs')]);
// The end-to-end tests run without .mocharc.json, as `npm run test:e2e` does.
const config = tier === 'e2e' ? ['--no-config', '--timeout', '900000', '--enable-source-maps'] : ['--config', '.mocharc.json'];
try {
  run(bin('mocha'), [...config, ...(relative ? [] : ['--grep', target]), ...specs]);
} catch {
  process.exit(1);
}
