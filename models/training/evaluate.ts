// Held-out evaluation of a shipped model through the product's own inference code
// (src/core/model): exact-fix rates on test-split synthetic bugs, with the skeleton context and
// with the focal function alone, and decoding throughput. When WORK_DIR/executable-heldout.jsonl
// exists (executable.ts inputs of bench/real's test split), also on those bugs, with the
// failure's trace after the skeleton (models trained with traces only) and without it.
//
// Usage: node out/models/training/evaluate.js WORK_DIR MODEL_DIR HELDOUT_IDS [--limit N] [--focal-only] > results.json
// HELDOUT_IDS (models/training/heldout-ids.txt, committed) lists the held-out bugs by id
// (extract_bugs.py's bug_id): every run, on any machine with the same packages, measures the
// same bugs. When the file does not exist yet, this run writes it: every test-split input of
// WORK_DIR (the test packages, held out of training by package). --limit N measures the first
// N listed bugs only (a pilot; better.ts compares only results on the same bugs).
// top-1: the greedy output is the fix. top-10: one of 10 samples (temperature 0.8, top-p 0.95)
// or the greedy output is the fix. "The fix" means the same function text after the edit.
// Also: how often the greedy output is a well-formed edit, and how often it edits the lines
// the fix edits; and the ids each model fixed, for a paired comparison (better.ts).
// --focal-only adds the inference-time ablation without skeleton context. --list-only writes
// the list if missing and prints what it holds, measuring nothing.

import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyOutput, loadPatchModel } from '../../src/core/model';
import type { ModelInput } from '../../src/core/types';
import { readJsonl } from './jsonl';
import type { Evaluation, EvaluationVariant as Variant, ExecutableInput, TrainingInput } from './records';

interface Example {
  input: ModelInput;
  focal: string;
  target: string;
  kind: string;
  id?: string;
}

const SAMPLES = 10;

/** The test-split inputs of WORK_DIR (make-inputs.ts), by id. */
function testInputs(workDir: string): Map<string, TrainingInput> {
  const examples = new Map<string, TrainingInput>();
  for (const name of fs
    .readdirSync(workDir)
    .filter((n) => /^inputs-\d+\.jsonl$/.test(n))
    .sort()) {
    // A line may still be being written.
    for (const record of readJsonl<TrainingInput>(path.join(workDir, name), { skipBroken: true })) {
      if (record.split === 'test' && record.id) examples.set(record.id, record);
    }
  }
  return examples;
}

/** The held-out examples, in the list's order: the listed ids that have an input here. */
function heldOut(workDir: string, heldoutFile: string, limit: number): { chosen: TrainingInput[]; heldout: Evaluation['heldout'] } {
  const inputs = testInputs(workDir);
  if (!fs.existsSync(heldoutFile)) {
    const ids = [...inputs.keys()].sort();
    const header = [
      '# Held-out bugs of the patch model (models/training/README.md, "The gate"): extract_bugs.py ids of',
      `# test-split bugs (packages ${'networkx, click, pyparsing, sortedcontainers'}), one a line; ${ids.length} bugs.`,
      '# Written once by evaluate.ts; every later run measures the listed bugs found on its machine.',
    ];
    fs.writeFileSync(heldoutFile, [...header, ...ids].join('\n') + '\n');
  }
  const listed = fs
    .readFileSync(heldoutFile, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const found = listed.filter((id) => inputs.has(id));
  const chosen = found.slice(0, limit).map((id) => inputs.get(id)!);
  const hash = (ids: string[]) => createHash('sha1').update(ids.join('\n')).digest('hex').slice(0, 12);
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

/** The ModelInput behind an encoder text: the skeleton is the text without its line markers. */
function inputOf(encoder: string, focalOnly: boolean): { input: ModelInput; focal: string } {
  const skeleton = encoder.replace(/^<L\d+>/gm, '');
  const lines = skeleton.split('\n');
  const start = lines.findIndex((l) => l.trimStart() === '# target edit');
  const end = lines.findIndex((l, i) => i > start && l.trimStart() === '# end');
  const focal = lines.slice(start + 1, end).join('\n') + '\n';
  const text = focalOnly ? lines.slice(start, end + 1).join('\n') + '\n' : skeleton;
  return { input: { kind: 'model-input', file: '', function: '', skeleton: text, trace: '', tokens: 0, tokenBudget: 0 }, focal };
}

/** Executable held-out bugs, with the trace or without. */
function executable(workDir: string, trace: boolean): Example[] {
  const file = path.join(workDir, 'executable-heldout.jsonl');
  if (!fs.existsSync(file)) return [];
  return readJsonl<ExecutableInput>(file)
    .filter((record) => record.trace === trace)
    .map((record) => ({ input: record.input, focal: inputOf(record.encoder, true).focal, target: record.target, kind: record.kind }));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const [workDir, modelDir, heldoutFile] = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1] === '--limit'));
  if (workDir === undefined || modelDir === undefined || heldoutFile === undefined) {
    console.error('usage: evaluate.js WORK_DIR MODEL_DIR HELDOUT_IDS [--limit N] [--focal-only] [--list-only]');
    process.exit(2);
  }
  const limitArg = option('--limit');
  const limit = limitArg === undefined ? Infinity : Number(limitArg);
  const { chosen, heldout } = heldOut(workDir, heldoutFile, limit);
  if (args.includes('--list-only')) {
    console.log(JSON.stringify(heldout));
    process.exit(0);
  }

  const model = await loadPatchModel(modelDir, { device: 'auto' });
  const synthetic = (focalOnly: boolean): Example[] =>
    chosen.map((example) => ({ ...inputOf(example.encoder, focalOnly), target: example.target, kind: example.kind, id: example.id }));
  const variants: Partial<Record<Variant, Example[]>> = {
    skeleton: synthetic(false),
    ...(args.includes('--focal-only') ? { 'focal-only': synthetic(true) } : {}),
    ...(model.format.useTrace ? { 'executable-trace': executable(workDir, true) } : {}),
    'executable-no-trace': executable(workDir, false),
  };

  const results: Evaluation = {
    model: model.name,
    device: model.device,
    examples: chosen.length,
    heldout,
    byKind: {},
    fixed: { top1: [], top10: [] },
  };
  let sampleSeconds = 0;
  let sampleCalls = 0;
  let greedySeconds = 0;
  let greedyTokens = 0;
  for (const [variant, examples] of Object.entries(variants) as [Variant, Example[]][]) {
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
        greedyTokens += greedy[0] ? model.countTokens(greedy[0].text) + 1 : 0;
        sampleSeconds += (t2 - t1) / 1000;
        sampleCalls++;
      }
      // A target the focal lines cannot take (null) must not match a malformed output (null).
      const fixes = (outputs: { text: string }[]) =>
        wanted !== null && outputs.some((o) => applyOutput(o.text, focal, model.format) === wanted);
      const hit1 = fixes(greedy);
      // Partial credit the exact-fix rates hide: a well-formed edit, and of the right lines.
      const header = (text: string) => /^<L\d+><L\d+>/.exec(text)?.[0];
      wellFormed += greedy[0] && applyOutput(greedy[0].text, focal, model.format) !== null ? 1 : 0;
      rightLines += greedy[0] && header(greedy[0].text) === header(example.target) ? 1 : 0;
      const hit10 = hit1 || fixes(samples);
      top1 += hit1 ? 1 : 0;
      top10 += hit10 ? 1 : 0;
      if (variant === 'skeleton' && example.id !== undefined) {
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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
