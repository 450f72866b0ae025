// Removes from out/ the compiled files whose TypeScript source is gone: tsc never deletes what
// it emitted, so a renamed or deleted test would otherwise keep running under its old name.
// Run before mocha by every test command. Node built-ins only.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { root } from './root.mjs';

const out = path.join(root, 'out');

/** The source an emitted file came from: out/test/a.test.js(.map) <- test/a.test.ts. */
function sourceOf(emitted) {
  const relative = path.relative(out, emitted).replace(/\.js(\.map)?$/, '.ts');
  return path.join(root, relative);
}

function prune(dir) {
  if (!fs.existsSync(dir)) return 0;
  let removed = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      removed += prune(full);
      if (fs.readdirSync(full).length === 0) fs.rmdirSync(full);
    } else if (/\.js(\.map)?$/.test(entry.name) && !fs.existsSync(sourceOf(full))) {
      fs.rmSync(full);
      removed++;
    }
  }
  return removed;
}

const removed = prune(out);
if (removed > 0) console.error(`prune-out: removed ${removed} compiled files whose source is gone`);
