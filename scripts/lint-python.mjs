// Ruff over the project's own Python, without a Python package: ruff's WebAssembly build with
// the settings of ruff.toml. Checks lint and format; `--fix` rewrites files to ruff's format and
// sorts their imports (other lint findings are left to fix by hand).
//   node scripts/lint-python.mjs [--fix]
import { PositionEncoding, Workspace } from '@astral-sh/ruff-wasm-nodejs';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parse as parseToml } from 'smol-toml';
import { root } from './root.mjs';

/** Folders holding the project's own Python. */
const ROOTS = ['src/python', 'models/training', 'bench', 'scripts'];
/** Generated or installed folders. */
const SKIP = new Set(['__pycache__', '.mypy_cache', 'node_modules', 'work', 'results']);

/** Findings whose fix `--fix` applies: only import sorting, which changes no behaviour. */
const FIXED = new Set(['I001']);

/** `text` with a finding's fix applied (rows and columns 1-based, UTF-16 columns). */
function applyFix(text, fix) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const offset = ({ row, column }) => starts[row - 1] + column - 1;
  const edits = [...fix.edits].sort((a, b) => offset(b.location) - offset(a.location));
  return edits.reduce(
    (out, edit) => out.slice(0, offset(edit.location)) + (edit.content ?? '') + out.slice(offset(edit.end_location)),
    text,
  );
}

/** The text formatted, with its imports sorted. */
function fixed(workspace, text) {
  let out = workspace.format(text);
  // One import block per pass: a fix moves the others' positions.
  for (let pass = 0; pass < 20; pass++) {
    const finding = workspace.check(out).find((f) => FIXED.has(f.code) && f.fix);
    if (!finding) break;
    out = workspace.format(applyFix(out, finding.fix));
  }
  return out;
}

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
  const formatted = values.fix ? fixed(workspace, text) : workspace.format(text);
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
