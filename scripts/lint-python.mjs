// Ruff over the project's own Python, without a Python package: ruff's WebAssembly build with
// the settings of ruff.toml. Checks lint and format; `--fix` rewrites files to ruff's format
// (lint findings are left to fix by hand).
//   node scripts/lint-python.mjs [--fix]
import { PositionEncoding, Workspace } from '@astral-sh/ruff-wasm-nodejs';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parse as parseToml } from 'smol-toml';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** Folders holding the project's own Python. */
const ROOTS = ['src/python', 'models/training', 'bench', 'scripts'];
/** Generated or installed folders. */
const SKIP = new Set(['__pycache__', '.mypy_cache', 'node_modules', 'work', 'results']);

/** A bug workspace or test project (its bug.json, or tests of its own) is a fixture, kept as written. */
function isFixture(dir, names) {
  return names.includes('bug.json') || names.some((name) => /^test_.*\.py$|_test\.py$/.test(name));
}

function pythonFiles(dir) {
  const names = fs.readdirSync(dir);
  if (isFixture(dir, names)) return [];
  return names.flatMap((name) => {
    const full = path.join(dir, name);
    const stat = fs.statSync(full);
    if (stat.isDirectory()) return SKIP.has(name) ? [] : pythonFiles(full);
    return name.endsWith('.py') ? [full] : [];
  });
}

const { values } = parseArgs({ options: { fix: { type: 'boolean', default: false } } });
const settings = parseToml(fs.readFileSync(path.join(root, 'ruff.toml'), 'utf8'));
const workspace = new Workspace(settings, PositionEncoding.Utf16);

let problems = 0;
for (const file of ROOTS.flatMap((dir) => pythonFiles(path.join(root, dir)))) {
  const name = path.relative(root, file);
  const text = fs.readFileSync(file, 'utf8');
  const formatted = workspace.format(text);
  if (formatted !== text) {
    if (values.fix) fs.writeFileSync(file, formatted);
    else {
      console.log(`${name}: not in ruff's format (npm run format)`);
      problems++;
    }
  }
  for (const finding of workspace.check(values.fix ? formatted : text)) {
    console.log(`${name}:${finding.start_location.row}:${finding.start_location.column}: ${finding.code} ${finding.message}`);
    problems++;
  }
}
if (problems > 0) {
  console.log(`ruff: ${problems} problem(s)`);
  process.exitCode = 1;
}
