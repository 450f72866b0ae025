// Executable bugs (bench/real/make_bugs.py records: a real package, one injected bug, tests
// that fail) turned into model data and measurements with the product's own code: its pytest
// runner and failure parser, its model input builder, its model and its validator.
//
//   node out/models/training/executable.js inputs BUGS OUT [--split dev|test] [--limit N]
//     Runs each bug's covering tests in a fresh workspace and writes two records per bug to OUT:
//     the model input with the failure's trace and without it (`trace: true|false`), each with
//     the fix as target, the failing and passing tests, and the bug's id, subject and kind.
//
//   node out/models/training/executable.js sample BUGS INPUTS OUT --model NAME=DIR [--model ...]
//                                          [--samples K] [--limit N] [--jobs J]
//     Per bug and model: the greedy output and K samples (temperature 0.8, top-p 0.95) for
//     the input the model reads (with the trace if its config says so), each distinct output
//     validated by the product's validator in the bug's workspace. One record per bug, model
//     and distinct output to OUT (see `judge`); a summary per model on stdout (`summarize`).
//
//   node out/models/training/executable.js summary OUT     the summary of a sample run again
//   node out/models/training/executable.js rewards OUT REWARDS MODEL
//     train.py --rewards examples from MODEL's outputs on training bugs (see rewardExamples)
//
// Subject packages are seen by Debian's interpreter (/usr/bin/python3), as in bench/real.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { makeWorkspace, type RealBug } from '../../bench/lib/bug-sets';
import { packageRoot } from '../../src/core/files/resources';
import { makeCandidate, normalizeCode } from '../../src/core/generate/candidate';
import { modelInputFor } from '../../src/core/generate/model-candidates';
import { failureFor } from '../../src/core/localize';
import { applyOutput, encoderText, loadPatchModel, targetText, type ModelFormat, type PatchModel } from '../../src/core/model';
import { loadTokenizer } from '../../src/core/model/tokenizer';
import { failuresOf } from '../../src/core/pytest/failures';
import { runPytest } from '../../src/core/pytest/run';
import type { ModelInput } from '../../src/core/types';
import { ValidatorPool, type Verdict } from '../../src/core/validate';
import { readJsonl } from './jsonl';
import type { ExecutableInput, ModelSummary } from './records';

const PYTHON = '/usr/bin/python3';
const SHIPPED_MODEL = path.join(packageRoot(), 'models/deepdebug-small');
const TEMPERATURE = 0.8;
const TOP_P = 0.95;

/** A bug's inputs by whether they carry the trace ("true", "false": the record's `trace`). */
type InputsOf = Partial<Record<'true' | 'false', ExecutableInput>>;

/** What one distinct output of a model is worth (see judge). */
interface Judgement {
  wellFormed: boolean;
  parses: boolean;
  identical: boolean;
  exact: boolean;
  verdict: Verdict | null;
  reward: number;
  failingFixed?: number;
  failingTotal?: number;
  suitePassed?: number;
  suiteTotal?: number;
}

/** A distinct output: the greedy one, or drawn `drawn` times. */
interface Output {
  output: string;
  greedy: boolean;
  drawn: number;
}

/** One record of a sample run: a bug, a model, one distinct output and its judgement. */
type SampleRecord = {
  id: string;
  split: ExecutableInput['split'];
  package: string;
  kind: string;
  model: string;
  trace: boolean;
  sampleMs: number;
  encoder: string;
  target: string;
  /** The input without the trace, for near-misses (backtranslate.py): the trace is the bug's. */
  plainEncoder: string;
} & Output &
  Judgement;

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

function optionList(args: readonly string[], name: string): string[] {
  return args.flatMap((arg, i) => (arg === name && args[i + 1] !== undefined ? [args[i + 1]!] : []));
}

/** Rows grouped by key, groups and rows in first-seen order. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** A fresh workspace holding the bug (bench/real's makeWorkspace), and how to remove it. */
function freshWorkspace(bugsFile: string, bug: RealBug): { workspace: string; remove: () => void } {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-exec-'));
  const workspace = path.join(temp, 'ws');
  makeWorkspace(bug, workspace, PYTHON, bugsFile);
  return { workspace, remove: () => fs.rmSync(temp, { recursive: true, force: true }) };
}

const withNewline = (text: string) => text.replace(/\n?$/, '\n');

/** The bug's function as the engine sees it: the focal lines in the buggy file. */
function focalOf(bug: RealBug): { function: string; startLine: number; endLine: number } {
  const buggy = withNewline(bug.buggyFunction);
  return { function: bug.function, startLine: bug.startLine, endLine: bug.startLine + buggy.split('\n').length - 2 };
}

async function makeInputs(args: readonly string[]): Promise<void> {
  const [bugsFile, outFile] = args;
  if (bugsFile === undefined || outFile === undefined)
    throw new Error('usage: executable.js inputs BUGS OUT [--split dev|test] [--limit N]');
  const split = option(args, '--split') ?? null;
  const limit = Number(option(args, '--limit') ?? Infinity);
  const bugs = readJsonl<RealBug>(bugsFile)
    .filter((bug) => !split || bug.split === split)
    .slice(0, limit);
  const tokenizer = await loadTokenizer(SHIPPED_MODEL, 2);
  const config = (JSON.parse(fs.readFileSync(path.join(SHIPPED_MODEL, 'config.json'), 'utf8')) as { deepdebug: ModelFormat }).deepdebug;
  const formatFor = (trace: boolean): ModelFormat => ({ ...config, output: 'line-edit', useTrace: trace });
  const countTokens = (text: string) => tokenizer.countTokens(text);
  const sink = fs.openSync(outFile, 'w');
  const counts = { bugs: bugs.length, written: 0, noFailure: 0, noTarget: 0 };
  const started = performance.now();
  for (const bug of bugs) {
    const { workspace, remove } = freshWorkspace(bugsFile, bug);
    try {
      const run = await runPytest({
        workspace,
        python: PYTHON,
        selection: bug.tests,
        coverage: false,
        perTestTimeoutMs: 10_000,
        timeoutMs: 120_000,
      });
      const failures = failuresOf(run).filter((f) => f.kind !== 'collection');
      const focal = focalOf(bug);
      const failure = failureFor({ file: bug.file, ...focal }, failures);
      if (!failure) {
        counts.noFailure++;
        continue;
      }
      const source = fs.readFileSync(path.join(workspace, bug.file), 'utf8');
      const target = targetText(withNewline(bug.buggyFunction), withNewline(bug.fixedFunction), formatFor(false));
      if (target === null) {
        counts.noTarget++;
        continue;
      }
      const tests = {
        failing: failures.map((f) => f.nodeid),
        passing: run.tests.filter((t) => t.outcome === 'passed').map((t) => t.nodeid),
      };
      for (const trace of [true, false]) {
        const format = formatFor(trace);
        const prepared = await modelInputFor({ format, countTokens }, source, bug.file, focal, failure);
        if (!prepared) continue;
        const record: ExecutableInput = {
          split: split === 'test' || bug.split === 'test' ? 'test' : 'train',
          package: bug.subject,
          kind: bug.kind,
          id: bug.id,
          trace,
          encoder: encoderText(prepared.input, format),
          input: prepared.input,
          target,
          ...tests,
        };
        fs.writeSync(sink, JSON.stringify(record) + '\n');
      }
      counts.written++;
    } finally {
      remove();
    }
    if ((counts.written + counts.noFailure) % 25 === 0)
      console.error(JSON.stringify({ ...counts, seconds: Math.round((performance.now() - started) / 1000) }));
  }
  fs.closeSync(sink);
  console.error(JSON.stringify({ ...counts, seconds: Math.round((performance.now() - started) / 1000) }));
}

/**
 * What one distinct output is worth. The reward (RewardRepair's levels, our weights): -1 when
 * malformed, unparsable or a no-op (the buggy function again); 0 when it parses but fixes no
 * failing test; up to 0.5 by the share of failing tests it fixes while something still fails
 * or breaks; 1 when validated (every failing test passes, no passing test breaks).
 */
async function judge(
  bug: RealBug,
  focal: ReturnType<typeof focalOf>,
  source: string,
  model: PatchModel,
  output: string,
  pool: ValidatorPool,
): Promise<Judgement> {
  const buggy = withNewline(bug.buggyFunction);
  const newFunction = applyOutput(output, buggy, model.format);
  const base: Judgement = { wellFormed: newFunction !== null, parses: false, identical: false, exact: false, verdict: null, reward: -1 };
  if (newFunction === null) return base;
  const normalized = normalizeCode(newFunction);
  const identical = normalized === normalizeCode(buggy);
  const exact = normalized === normalizeCode(withNewline(bug.fixedFunction));
  const candidate = identical
    ? null
    : await makeCandidate({
        file: bug.file,
        fileText: source,
        ...focal,
        newFunctionText: newFunction,
        source: 'model',
        editKind: 'model-sample',
        summary: 'model sample',
        score: 0,
      });
  if (candidate === null) return { ...base, parses: identical, identical, exact };
  const outcome = await pool.validate(candidate);
  const { failingFixed, failingTotal, suitePassed, suiteTotal } = outcome.validation;
  const reward = outcome.verdict === 'validated' ? 1 : 0.5 * (failingFixed / Math.max(1, failingTotal));
  return { ...base, parses: true, exact, verdict: outcome.verdict, failingFixed, failingTotal, suitePassed, suiteTotal, reward };
}

/** Distinct outputs of one model for one input: the greedy one first, then samples by count. */
async function outputsOf(model: PatchModel, input: ModelInput, samples: number): Promise<Output[]> {
  const greedy = await model.sample(input, 1, { temperature: 0, topP: 1 });
  const sampled = await model.sample(input, samples, { temperature: TEMPERATURE, topP: TOP_P });
  const byText = new Map<string, Output>();
  for (const { text } of greedy) byText.set(text, { output: text, greedy: true, drawn: 0 });
  for (const { text } of sampled) {
    const entry = byText.get(text) ?? { output: text, greedy: false, drawn: 0 };
    entry.drawn++;
    byText.set(text, entry);
  }
  return [...byText.values()].sort((a, b) => Number(b.greedy) - Number(a.greedy) || b.drawn - a.drawn);
}

async function sampleBug(
  bugsFile: string,
  bug: RealBug,
  records: InputsOf,
  models: [string, PatchModel][],
  samples: number,
): Promise<SampleRecord[]> {
  const { workspace, remove } = freshWorkspace(bugsFile, bug);
  const anyRecord = (records.true ?? records.false)!;
  let pool: ValidatorPool | undefined;
  try {
    pool = await ValidatorPool.start({ workspace, python: PYTHON, failing: anyRecord.failing, passing: anyRecord.passing, workers: 1 });
    const source = fs.readFileSync(path.join(workspace, bug.file), 'utf8');
    const focal = focalOf(bug);
    // Models often write the same output: validate each distinct one once.
    const judged = new Map<string, Judgement>();
    const results: SampleRecord[] = [];
    for (const [name, model] of models) {
      const record = (records[`${model.format.useTrace}`] ?? records.false)!;
      const t0 = performance.now();
      const outputs = await outputsOf(model, record.input, samples);
      const sampleMs = Math.round(performance.now() - t0);
      for (const entry of outputs) {
        let judgement = judged.get(entry.output);
        if (!judgement) {
          judgement = await judge(bug, focal, source, model, entry.output, pool);
          judged.set(entry.output, judgement);
        }
        results.push({
          id: bug.id,
          split: record.split,
          package: bug.subject,
          kind: bug.kind,
          model: name,
          trace: record.trace,
          ...entry,
          ...judgement,
          sampleMs,
          encoder: record.encoder,
          target: record.target,
          plainEncoder: (records.false ?? record).encoder,
        });
      }
    }
    return results;
  } finally {
    await pool?.dispose();
    remove();
  }
}

async function sample(args: readonly string[]): Promise<void> {
  const [bugsFile, inputsFile, outFile] = args;
  if (bugsFile === undefined || inputsFile === undefined || outFile === undefined)
    throw new Error('usage: executable.js sample BUGS INPUTS OUT --model NAME=DIR [--model ...] [--samples K] [--limit N] [--jobs J]');
  const samples = Number(option(args, '--samples') ?? 10);
  const limit = Number(option(args, '--limit') ?? Infinity);
  const jobs = Number(option(args, '--jobs') ?? 1);
  const models: [string, PatchModel][] = [];
  for (const spec of optionList(args, '--model')) {
    const [name, dir] = spec.split('=');
    models.push([name!, await loadPatchModel(dir!, { device: 'cpu' })]);
  }
  const bugs = new Map(readJsonl<RealBug>(bugsFile).map((bug) => [bug.id, bug]));
  const byId = new Map<string, InputsOf>();
  for (const record of readJsonl<ExecutableInput>(inputsFile)) {
    const inputs = byId.get(record.id) ?? {};
    inputs[`${record.trace}`] = record;
    byId.set(record.id, inputs);
  }
  // --limit takes every k-th bug, so a subset still spans every subject.
  const all = [...byId.keys()];
  const step = Math.max(1, all.length / Math.min(limit, all.length));
  const ids = Array.from({ length: Math.min(limit, all.length) }, (_, i) => all[Math.floor(i * step)]!);
  const sink = fs.openSync(outFile, 'w');
  const started = performance.now();
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      const results = await sampleBug(bugsFile, bugs.get(id)!, byId.get(id)!, models, samples).catch((error: unknown) => {
        console.error(`${id}: ${error instanceof Error ? error.message : String(error)}`);
        return [];
      });
      for (const result of results) fs.writeSync(sink, JSON.stringify(result) + '\n');
      if (++done % 10 === 0)
        console.error(JSON.stringify({ done, of: ids.length, seconds: Math.round((performance.now() - started) / 1000) }));
    }
  };
  await Promise.all(Array.from({ length: jobs }, lane));
  fs.closeSync(sink);
  for (const [, model] of models) await model.dispose();
  console.log(JSON.stringify(summarize(readJsonl<SampleRecord>(outFile)), null, 1));
}

/**
 * Per model: exact and plausible top-1 (the greedy output), exact and validated within all
 * outputs, plausible-but-different (the best validated output, greedy first then the most
 * drawn, is not the original function: the false-positive proxy), the share of samples
 * (counted as drawn) that are well-formed, parse (and are no no-op), and pass, and the time
 * spent decoding.
 */
function summarize(results: readonly SampleRecord[]): Record<string, ModelSummary> {
  const summary: Record<string, ModelSummary> = {};
  for (const [model, rows] of groupBy(results, (r) => r.model)) {
    const perBug = [...groupBy(rows, (r) => r.id).values()];
    const drawn = rows.reduce((n, r) => n + r.drawn, 0);
    const share = (test: (r: SampleRecord) => boolean) => rows.reduce((n, r) => n + (test(r) ? r.drawn : 0), 0) / Math.max(1, drawn);
    const count = (test: (bugRows: SampleRecord[]) => boolean) => perBug.filter(test).length;
    const firstValidated = (bugRows: SampleRecord[]) => bugRows.find((r) => r.verdict === 'validated');
    summary[model] = {
      bugs: perBug.length,
      exactTop1: count((b) => b.some((r) => r.greedy && r.exact)),
      plausibleTop1: count((b) => b.some((r) => r.greedy && r.verdict === 'validated')),
      exactAny: count((b) => b.some((r) => r.exact)),
      validatedAny: count((b) => b.some((r) => r.verdict === 'validated')),
      plausibleButDifferent: count((b) => firstValidated(b) !== undefined && !firstValidated(b)!.exact),
      samplesWellFormed: share((r) => r.wellFormed),
      samplesParse: share((r) => r.parses && !r.identical),
      samplesPass: share((r) => r.verdict === 'validated'),
      // Decoding only (the greedy output and the samples), summed over bugs.
      sampleSeconds: perBug.reduce((sum, b) => sum + b[0]!.sampleMs, 0) / 1000,
    };
  }
  return summary;
}

/**
 * The reward-weighted examples for train.py --rewards: each distinct output of a training
 * bug with its advantage: its reward minus a baseline, the mean reward of what was drawn for
 * that bug but at least 0 (so an output that parses yet fixes nothing is never raised, and
 * malformed or no-op outputs are lowered), times how often it was drawn, clipped to [-0.5, 1]
 * so no negative example can dominate the loss on the fixes.
 */
function rewardExamples(
  results: readonly SampleRecord[],
  model: string,
): { encoder: string; output: string; advantage: number; reward: number }[] {
  const examples: { encoder: string; output: string; advantage: number; reward: number }[] = [];
  const byBug = groupBy(
    results.filter((r) => r.model === model && r.split !== 'test'),
    (r) => r.id,
  );
  for (const rows of byBug.values()) {
    const drawn = rows.reduce((n, r) => n + Math.max(1, r.drawn), 0);
    const baseline = Math.max(0, rows.reduce((sum, r) => sum + r.reward * Math.max(1, r.drawn), 0) / drawn);
    for (const row of rows) {
      const advantage = Math.min(1, Math.max(-0.5, (row.reward - baseline) * Math.max(1, row.drawn)));
      if (advantage !== 0)
        examples.push({ encoder: row.encoder, output: row.output, advantage: Number(advantage.toFixed(4)), reward: row.reward });
    }
  }
  return examples;
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'inputs') await makeInputs(args);
  else if (command === 'sample') await sample(args);
  else if (command === 'summary' && args[0] !== undefined)
    console.log(JSON.stringify(summarize(readJsonl<SampleRecord>(args[0])), null, 1));
  else if (command === 'rewards' && args.length >= 3) {
    const examples = rewardExamples(readJsonl<SampleRecord>(args[0]!), args[2]!);
    fs.writeFileSync(args[1]!, examples.map((e) => JSON.stringify(e) + '\n').join(''));
    console.error(JSON.stringify({ examples: examples.length, positive: examples.filter((e) => e.advantage > 0).length }));
  } else {
    console.error('usage: executable.js inputs|sample|summary|rewards ... (see the top of the file)');
    process.exit(2);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
