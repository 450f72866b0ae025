// Held-out evaluation of a shipped model through the product's own inference code
// (out/src/core/model, compiled by `npx tsc -p tsconfig.test.json`): exact-fix rates on
// test-split synthetic bugs, with the skeleton context and with the focal function alone, and
// decoding throughput. When WORK_DIR/executable-heldout.jsonl exists (executable.mjs inputs
// of bench/real's test split), also on those bugs, with the failure's trace after the
// skeleton (models trained with traces only) and without it.
//
// Usage: node models/training/evaluate.mjs WORK_DIR MODEL_DIR HELDOUT_IDS [--limit N] [--focal-only] > results.json
// HELDOUT_IDS (models/training/heldout-ids.txt, committed) lists the held-out bugs by id
// (extract_bugs.py's bug_id): every run, on any machine with the same packages, measures the
// same bugs. When the file does not exist yet, this run writes it: every test-split input of
// WORK_DIR (the test packages, held out of training by package). --limit N measures the first
// N listed bugs only (a pilot; better.mjs compares only results on the same bugs).
// top-1: the greedy output is the fix. top-10: one of 10 samples (temperature 0.8, top-p 0.95)
// or the greedy output is the fix. "The fix" means the same function text after the edit.
// Also: how often the greedy output is a well-formed edit, and how often it edits the lines
// the fix edits; and the ids each model fixed, for a paired comparison (better.mjs).
// --focal-only adds the inference-time ablation without skeleton context. --list-only writes
// the list if missing and prints what it holds, measuring nothing.

import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const { loadPatchModel, applyOutput } = require(path.join(root, 'out/src/core/model/index.js'));

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const [workDir, modelDir, heldoutFile] = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1] === '--limit'));
const limit = option('--limit') === undefined ? Infinity : Number(option('--limit'));
const focalOnlyToo = args.includes('--focal-only');
const SAMPLES = 10;

function testInputs() {
  const examples = new Map();
  for (const name of fs
    .readdirSync(workDir)
    .filter((n) => /^inputs-\d+\.jsonl$/.test(n))
    .sort()) {
    for (const line of fs.readFileSync(path.join(workDir, name), 'utf8').split('\n')) {
      if (!line) continue;
      try {
        const record = JSON.parse(line);
        if (record.split === 'test' && record.id) examples.set(record.id, record);
      } catch {
        // a line still being written
      }
    }
  }
  return examples;
}

/** The held-out examples, in the list's order: the listed ids that have an input here. */
function heldOut() {
  const inputs = testInputs();
  if (!fs.existsSync(heldoutFile)) {
    const ids = [...inputs.keys()].sort();
    const header = [
      '# Held-out bugs of the patch model (models/training/README.md, "The gate"): extract_bugs.py ids of',
      `# test-split bugs (packages ${'networkx, click, pyparsing, sortedcontainers'}), one a line; ${ids.length} bugs.`,
      '# Written once by evaluate.mjs; every later run measures the listed bugs found on its machine.',
    ];
    fs.writeFileSync(heldoutFile, [...header, ...ids].join('\n') + '\n');
  }
  const listed = fs
    .readFileSync(heldoutFile, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const found = listed.filter((id) => inputs.has(id));
  const chosen = found.slice(0, limit).map((id) => inputs.get(id));
  const hash = (ids) => createHash('sha1').update(ids.join('\n')).digest('hex').slice(0, 12);
  return {
    chosen,
    heldout: {
      listed: listed.length,
      found: found.length,
      measured: chosen.length,
      listHash: hash(listed),
      measuredHash: hash(chosen.map((c) => c.id)),
    },
  };
}
const { chosen, heldout } = heldOut();
if (args.includes('--list-only')) {
  console.log(JSON.stringify(heldout));
  process.exit(0);
}

const model = await loadPatchModel(modelDir, { device: 'auto' });

/** The ModelInput behind an encoder text: the skeleton is the text without its line markers. */
function inputOf(encoder, focalOnly) {
  const skeleton = encoder.replace(/^<L\d+>/gm, '');
  const lines = skeleton.split('\n');
  const start = lines.findIndex((l) => l.trimStart() === '# target edit');
  const end = lines.findIndex((l, i) => i > start && l.trimStart() === '# end');
  const focal = lines.slice(start + 1, end).join('\n') + '\n';
  const text = focalOnly ? lines.slice(start, end + 1).join('\n') + '\n' : skeleton;
  return { input: { kind: 'model-input', file: '', function: '', skeleton: text, trace: '', tokens: 0, tokenBudget: 0 }, focal };
}

/** Executable held-out bugs, with the trace or without: [{ input, focal, target, kind }]. */
function executable(trace) {
  const file = path.join(workDir, 'executable-heldout.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((record) => record.trace === trace)
    .map((record) => ({ input: record.input, focal: inputOf(record.encoder, true).focal, target: record.target, kind: record.kind }));
}

const synthetic = (focalOnly) =>
  chosen.map((example) => ({ ...inputOf(example.encoder, focalOnly), target: example.target, kind: example.kind, id: example.id }));
const variants = {
  skeleton: synthetic(false),
  ...(focalOnlyToo ? { 'focal-only': synthetic(true) } : {}),
  ...(model.format.useTrace ? { 'executable-trace': executable(true) } : {}),
  'executable-no-trace': executable(false),
};

const results = { model: model.name, device: model.device, examples: chosen.length, heldout, byKind: {}, fixed: { top1: [], top10: [] } };
let sampleSeconds = 0;
let sampleCalls = 0;
let greedySeconds = 0;
let greedyTokens = 0;
for (const [variant, examples] of Object.entries(variants)) {
  if (examples.length === 0) continue;
  let top1 = 0;
  let top10 = 0;
  let wellFormed = 0;
  let rightLines = 0;
  let done = 0;
  for (const example of examples) {
    if (++done % 100 === 0) console.error(`${variant}: ${done} of ${examples.length}`);
    const { input, focal } = example;
    const wanted = applyOutput(example.target, focal, model.format);
    const t0 = performance.now();
    const greedy = await model.sample(input, 1, { temperature: 0, topP: 1 });
    const t1 = performance.now();
    const samples = await model.sample(input, SAMPLES, { temperature: 0.8, topP: 0.95 });
    const t2 = performance.now();
    if (variant === 'skeleton') {
      greedySeconds += (t1 - t0) / 1000;
      greedyTokens += greedy.length ? model.countTokens(greedy[0].text) + 1 : 0;
      sampleSeconds += (t2 - t1) / 1000;
      sampleCalls++;
    }
    // A target the focal lines cannot take (null) must not match a malformed output (null).
    const fixes = (outputs) => wanted !== null && outputs.some((o) => applyOutput(o.text, focal, model.format) === wanted);
    const hit1 = fixes(greedy);
    // Partial credit the exact-fix rates hide: a well-formed edit, and of the right lines.
    const header = (text) => /^<L\d+><L\d+>/.exec(text)?.[0];
    wellFormed += greedy.length && applyOutput(greedy[0].text, focal, model.format) !== null ? 1 : 0;
    rightLines += greedy.length && header(greedy[0].text) === header(example.target) ? 1 : 0;
    const hit10 = hit1 || fixes(samples);
    top1 += hit1 ? 1 : 0;
    top10 += hit10 ? 1 : 0;
    if (variant === 'skeleton') {
      if (hit1) results.fixed.top1.push(example.id);
      if (hit10) results.fixed.top10.push(example.id);
      const kind = (results.byKind[example.kind] ??= { n: 0, top1: 0, top10: 0 });
      kind.n++;
      kind.top1 += hit1 ? 1 : 0;
      kind.top10 += hit10 ? 1 : 0;
    }
  }
  results[variant] = {
    examples: examples.length,
    top1Count: top1,
    top10Count: top10,
    top1: top1 / examples.length,
    top10: top10 / examples.length,
    greedyWellFormed: wellFormed / examples.length,
    greedyRightLines: rightLines / examples.length,
  };
  console.error(variant, JSON.stringify(results[variant]));
}
results.throughput = {
  greedyTokensPerSecond: greedyTokens / greedySeconds,
  samplesPerSecond: (sampleCalls * SAMPLES) / sampleSeconds,
  secondsPer10Samples: sampleSeconds / sampleCalls,
};
await model.dispose();
console.log(JSON.stringify(results, null, 1));
