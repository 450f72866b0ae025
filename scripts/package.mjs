// Writes the extension's packages, one per target platform (scripts/package-targets.json):
// deepdebug-<target>.vsix, each with the same bundles, Python helpers, tree-sitter wasm and
// model, and onnxruntime-node's native libraries for its own platform only. A target the
// runtime has no build for (darwin-x64 in the version used) gets neither the runtime nor the
// model: the engine says so in one line and runs on template edits alone.
//
//   node scripts/package.mjs [--target linux-x64,win32-x64] [--out-dir .] [--no-build]
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './root.mjs';

const targets = JSON.parse(fs.readFileSync(path.join(root, 'scripts', 'package-targets.json'), 'utf8'));

const { values } = parseArgs({
  options: {
    target: { type: 'string', default: Object.keys(targets).join(',') },
    'out-dir': { type: 'string', default: root },
    'no-build': { type: 'boolean', default: false },
  },
});
const chosen = values.target.split(',').filter(Boolean);
const unknown = chosen.filter((target) => !(target in targets));
if (unknown.length > 0) {
  console.error(`package: unknown target ${unknown.join(', ')}; the targets are ${Object.keys(targets).join(', ')}`);
  process.exit(2);
}

const MODEL_SECTION = '# The patch model and its runtime.';

/** The ignore rules for one target: .vscodeignore with its runtime's native folder, or without the model's section. */
function ignoreRules(target) {
  const base = fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8');
  const runtime = targets[target].runtime;
  const section = base.indexOf(MODEL_SECTION);
  if (section < 0) throw new Error(`package: .vscodeignore has no section starting "${MODEL_SECTION}"`);
  if (!runtime) return base.slice(0, section);
  return `${base.trimEnd()}\n!node_modules/onnxruntime-node/bin/napi-v6/${runtime}/**\n`;
}

if (!values['no-build']) execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
const outDir = path.resolve(values['out-dir']);
fs.mkdirSync(outDir, { recursive: true });
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-package-'));
try {
  for (const target of chosen) {
    const ignoreFile = path.join(scratch, `${target}.vscodeignore`);
    fs.writeFileSync(ignoreFile, ignoreRules(target));
    const out = path.join(outDir, `deepdebug-${target}.vsix`);
    execFileSync(
      path.join(root, 'node_modules', '.bin', 'vsce'),
      ['package', '--target', target, '--ignoreFile', ignoreFile, '--out', out],
      {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
