// Fits the weights of the search's model prior (src/core/search/prior.ts: PRIOR_WEIGHTS,
// PRIOR_MAX_PASSED) on bugs the model never trained on and the ablation never runs
// (bench/prior-ablation.ts): bench/real's test split (every --test-every-th bug, outside the
// ablation's sample) and bench/wide (outside its sample). Not bench/real's dev split: its bugs
// were among the model's training examples (models/deepdebug-small/README.md), and a weight
// fitted there measures what the model remembers (run 3: a weight of 1 there, where on unseen
// bugs any weight over 0.5 puts fixes later than no model at all); it is reported (`--report`),
// with bench/classic, never fitted on.
// Per bug: the engine's analysis (one pytest run, cached: bench/prior-data.ts),
// the template candidates in the search's order (at most --most; `--stream engine`, the
// default: the stream the engine makes over the localizer's top five suspects, where an edit in
// another function can come first; `--stream function`: the bug's own function's alone), which
// of them is the known fix (the bug record's fixedFunction, after normalization), and the
// model's likelihood of each (CandidateScorer, the engine's own). No candidate is validated: the
// fix is known. Then a grid over the model weight (and the family weight with `--family grid`)
// and the bound on passing a candidate over: the order the search's window would hand the
// candidates out in (windowOrder), and the rank of the first exact fix; the values with the
// lowest mean log rank (per set, averaged over the sets) win. The sample prior (the shown
// order) is fitted after them on the function's template candidates and the model's samples
// together. Reports mean / median rank before (the stream's order) and after, per set (fitted
// and reported), on the other stream, for other bounds and window sizes, and a two-fold check
// (fitted on one half of the bugs, ranks on the other). Writes results.md and results.json to
// bench/results/<date>-<commit>-prior-fit/ (or --out); per-bug scores are kept in
// bench/work/prior-fit/<model>/ so a refit costs nothing.
//
//   node out/bench/prior-fit.js [--sets test,wide] [--report real,classic] [--test-every 2] [--stream engine|function]
//        [--most 400] [--window 32] [--objective balanced|pooled] [--family fixed|grid] [--only id,...] [--out <folder>]
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CandidateScorer, modelCandidates } from '../src/core/generate/model-candidates';
import { failureFor } from '../src/core/localize';
import { loadPatchModel, type PatchModel } from '../src/core/model';
import { defaultModelDir, packageRoot } from '../src/core/files/resources';
import { PRIOR_MAX_PASSED, PRIOR_WEIGHTS, PRIOR_WINDOW, priorKey, windowOrder, type PriorWeights } from '../src/core/search/prior';
import { isChosen, onlyList, ONLY_OPTION } from './lib/bug-sets';
import { isExactFix, median } from './lib/fix-runs';
import { tableHead, tableRow } from './lib/markdown-table';
import { benchOptions, listOf, oneOf, wholeNumber } from './lib/options';
import {
  analyzed,
  classicPriorBugs,
  engineSuspects,
  inAblationSample,
  realPriorBugs,
  templateCandidatesOf,
  trueSuspect,
  widePriorBugs,
  type PriorBug,
} from './prior-data';

/** test: bench/real's test split; real: its dev split. */
const SETS = ['test', 'wide', 'real', 'classic'] as const;
type SetName = (typeof SETS)[number];

const args = benchOptions(
  {
    sets: { type: 'string', default: 'test,wide' },
    report: { type: 'string', default: 'real,classic' },
    'test-every': { type: 'string', default: '2' },
    most: { type: 'string', default: '400' },
    window: { type: 'string', default: String(PRIOR_WINDOW) },
    objective: { type: 'string', default: 'balanced' },
    family: { type: 'string', default: 'fixed' },
    stream: { type: 'string', default: 'engine' },
    only: ONLY_OPTION,
    out: { type: 'string', default: '' },
  },
  (values) => ({
    sets: listOf('--sets', values.sets, SETS),
    report: values.report ? listOf('--report', values.report, SETS) : [],
    testEvery: wholeNumber('--test-every', values['test-every'], 1),
    most: wholeNumber('--most', values.most, 1),
    window: wholeNumber('--window', values.window, 1),
    objective: oneOf('--objective', values.objective, ['balanced', 'pooled'] as const),
    family: oneOf('--family', values.family, ['fixed', 'grid'] as const),
    stream: oneOf('--stream', values.stream, ['engine', 'function'] as const),
    only: onlyList(values.only),
    out: values.out,
  }),
);

interface Cand {
  /** Absent in the template candidates' records: template. */
  source?: 'template' | 'model';
  score: number;
  familyPrior: number | null;
  logProb: number | null;
  exact: boolean;
}

/** One bug's candidates, as the fit reads them. */
interface BugData {
  id: string;
  set: string;
  kind: string;
  /** Whether the localizer ranked the bug's function among its suspects (its lines then weigh by suspiciousness). */
  ranked: boolean;
  /** Template candidates, in the stream's order. */
  candidates: Cand[];
  /** The model's samples for the function as the engine draws them (greedy + 16, seeded). */
  samples: Cand[];
}

/** A seeded uniform source (mulberry32), so the samples are the same on every run. */
function seeded(text: string): () => number {
  let state = 0;
  for (const char of text) state = (Math.imul(state, 31) + char.charCodeAt(0)) | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A set's bugs (SETS). */
function setBugs(set: SetName): PriorBug[] {
  switch (set) {
    case 'test':
      return realPriorBugs('test').filter((_, i) => i % args.testEvery === 0 && !inAblationSample('real', i));
    case 'wide':
      return widePriorBugs().filter((_, i) => !inAblationSample('wide', i));
    case 'real':
      return realPriorBugs('dev');
    case 'classic':
      return classicPriorBugs();
  }
}

/** A short hash of the model's weights: scores kept for one model are not another's. */
function modelHash(dir: string): string {
  const hash = createHash('sha256');
  const onnx = path.join(dir, 'onnx');
  for (const name of fs.readdirSync(onnx).sort()) hash.update(fs.readFileSync(path.join(onnx, name)));
  return hash.digest('hex').slice(0, 12);
}

const CACHE = path.join(packageRoot(), 'bench', 'work', 'prior-fit', modelHash(defaultModelDir()));

async function bugData(bug: PriorBug, model: PatchModel): Promise<BugData | null> {
  const templates = await templateData(bug, model);
  return templates && { ...templates, samples: await sampleData(bug, model) };
}

/** The model's samples for the bug's function, as the engine draws them (cached). */
async function sampleData(bug: PriorBug, model: PatchModel): Promise<Cand[]> {
  const file = path.join(CACHE, `${bug.target.id.replace(/[^A-Za-z0-9_.-]+/g, '_')}-samples-v2.json`);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Cand[];
  const analysis = await analyzed(bug);
  const found = analysis && (await trueSuspect(bug, analysis));
  let samples: Cand[] = [];
  if (analysis && found) {
    const drawn = await modelCandidates(
      model,
      [found.suspect],
      async (f) => analysis.texts[f] ?? null,
      failureFor(found.suspect, analysis.failures),
      {
        samplesPerSuspect: 16,
        random: seeded(bug.target.id),
      },
    );
    samples = await Promise.all(
      drawn.map(async (c) => ({
        source: 'model' as const,
        score: c.score,
        familyPrior: null,
        logProb: c.modelLogProb ?? null,
        exact: await isExactFix(bug.target, c.newFileText),
      })),
    );
  }
  fs.mkdirSync(CACHE, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(samples));
  return samples;
}

/**
 * The bug's template candidates, in the search's order: `engine`, the stream the engine makes
 * (every suspect it edits, the localizer's top five, so an edit elsewhere can come first);
 * `function`, the bug's own function's alone.
 */
async function templateData(
  bug: PriorBug,
  model: PatchModel,
  stream: 'engine' | 'function' = args.stream,
): Promise<Omit<BugData, 'samples'> | null> {
  const suffix = stream === 'function' ? 'v2' : 'engine-v3';
  const file = path.join(CACHE, `${bug.target.id.replace(/[^A-Za-z0-9_.-]+/g, '_')}-${args.most}-${suffix}.json`);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as BugData | null;
  let data: Omit<BugData, 'samples'> | null = null;
  const analysis = await analyzed(bug);
  const found = analysis && (await trueSuspect(bug, analysis));
  if (analysis && found) {
    const made = await templateCandidatesOf(bug, analysis, stream === 'function' ? [found.suspect] : engineSuspects(analysis), args.most);
    const scorer = new CandidateScorer(model, async (f) => analysis.texts[f] ?? null, analysis.failures);
    const scores = await scorer.score(made.map((m) => m.candidate));
    data = {
      id: bug.target.id,
      set: bug.set,
      kind: bug.target.kind,
      ranked: found.ranked,
      candidates: made.map((m, i) => ({
        score: m.candidate.score,
        familyPrior: m.candidate.familyPrior ?? null,
        logProb: scores[i] ?? null,
        exact: m.exact,
      })),
    };
  }
  fs.mkdirSync(CACHE, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(data));
  return data;
}

const ALL = Number.MAX_SAFE_INTEGER;

/** The key's weights, and how often a candidate may be passed over (PRIOR_MAX_PASSED). */
type Fit = PriorWeights & { maxPassed: number };
const NOW: Fit = { ...PRIOR_WEIGHTS, maxPassed: PRIOR_MAX_PASSED };

/** A record as the key reads a candidate. */
function asCandidate(c: Cand): Parameters<typeof priorKey>[0] {
  return {
    score: c.score,
    source: c.source ?? 'template',
    ...(c.familyPrior !== null ? { familyPrior: c.familyPrior } : {}),
    ...(c.source === 'model' && c.logProb !== null ? { modelLogProb: c.logProb } : {}),
  };
}

/** 1-based rank of the first exact fix among `candidates` in the order a window hands them out by the key (weights null: by score, as the search and the shown order did without the model). */
function rankAmong(candidates: readonly Cand[], weights: Fit | null, window: number): number {
  const fill = median(candidates.map((c) => c.logProb).filter((p): p is number => p !== null)) ?? 0;
  const keys = candidates.map((c) => (weights ? priorKey(asCandidate(c), c.logProb, fill, weights) : Math.log(c.score)));
  return windowOrder(keys, window, (i) => candidates[i]!.exact, weights?.maxPassed ?? Number.POSITIVE_INFINITY).length;
}

/** The rank of the first exact template fix in the search's order. */
function rankOf(bug: BugData, weights: Fit, window: number): number {
  return rankAmong(bug.candidates, weights, window);
}

/** The rank of the first exact fix among the template candidates and the samples together, all sorted (the shown order's proxy). */
function shownRank(bug: BugData, weights: Fit | null): number {
  // The shown order sorts every validated patch: no window, nothing passed over.
  return rankAmong([...bug.candidates, ...bug.samples], weights && { ...weights, maxPassed: Number.POSITIVE_INFINITY }, ALL);
}

interface Summary {
  bugs: number;
  meanRank: number;
  medianRank: number;
  geoMeanRank: number;
  top1: number;
  top10: number;
}

function summary(bugs: readonly BugData[], weights: Fit, window: number): Summary {
  return ranksSummary(bugs.map((bug) => rankOf(bug, weights, window)));
}

const MODEL_WEIGHTS = Array.from({ length: 51 }, (_, i) => i / 10);
/**
 * The family weight's grid: 1 alone by default (the kind-of-edit priors keep their weight
 * against suspiciousness, as in the stream's own score). Fitted on a grid (`--family grid`),
 * it is not identified by the dev data: the two folds' fits disagree (0 and 0.5; 0.25 and
 * 1.25 without the passed-over bound), and the pooled fit moves with the grid's other
 * dimensions; so it is not fitted unless asked.
 */
const FAMILY_WEIGHTS = args.family === 'grid' ? Array.from({ length: 10 }, (_, i) => i * 0.25) : [1];
const SAMPLE_PRIORS = [0.005, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1];
const MAX_PASSED = [4, 8, 16, 32, 64, Number.POSITIVE_INFINITY];

/**
 * What the fit minimizes: the mean log rank of each set, averaged over the sets (`balanced`,
 * the default), or over all bugs at once (`pooled`). Balanced, so that each kind of code the
 * sets hold (bench/real's projects, bench/wide's small programs) counts alike, however many
 * bugs each has.
 */
function objective(bugs: readonly BugData[], rank: (bug: BugData) => number, mode: 'balanced' | 'pooled' = args.objective): number {
  const meanLog = (of: readonly BugData[]): number => of.reduce((sum, bug) => sum + Math.log(rank(bug)), 0) / Math.max(1, of.length);
  if (mode === 'pooled') return meanLog(bugs);
  const sets = [...new Set(bugs.map((bug) => bug.set))];
  return sets.reduce((sum, set) => sum + meanLog(bugs.filter((bug) => bug.set === set)), 0) / Math.max(1, sets.length);
}

/** The grid's best weights on `bugs` (the lowest objective; ties: the smaller weights). */
function fit(bugs: readonly BugData[], window: number, families: readonly number[] = FAMILY_WEIGHTS, mode = args.objective): Fit {
  let best: { weights: Fit; value: number } | null = null;
  // The largest bound first, so that among equals the order is least constrained.
  for (const maxPassed of [...MAX_PASSED].reverse()) {
    for (const model of MODEL_WEIGHTS) {
      for (const family of families) {
        const weights = { model, family, sample: PRIOR_WEIGHTS.sample, maxPassed };
        const value = objective(bugs, (bug) => rankOf(bug, weights, window), mode);
        if (!best || value < best.value - 1e-9) best = { weights, value };
      }
    }
  }
  return best!.weights;
}

function ranksSummary(ranks: readonly number[]): Summary {
  const logMean = ranks.reduce((sum, r) => sum + Math.log(r), 0) / Math.max(1, ranks.length);
  return {
    bugs: ranks.length,
    meanRank: ranks.reduce((a, b) => a + b, 0) / Math.max(1, ranks.length),
    medianRank: median(ranks) ?? 0,
    geoMeanRank: Math.exp(logMean),
    top1: ranks.filter((r) => r === 1).length,
    top10: ranks.filter((r) => r <= 10).length,
  };
}

/** The sample prior (the model and family weights given) that puts the fix earliest among templates and samples together. */
function fitSample(bugs: readonly BugData[], weights: Fit): Fit {
  let best: { weights: Fit; value: number } | null = null;
  for (const sample of SAMPLE_PRIORS) {
    const candidate = { ...weights, sample };
    const value = objective(bugs, (bug) => shownRank(bug, candidate));
    if (!best || value < best.value - 1e-9) best = { weights: candidate, value };
  }
  return best!.weights;
}

function row(label: string, s: Summary): string {
  return tableRow([label, s.bugs, s.meanRank.toFixed(1), s.medianRank, s.geoMeanRank.toFixed(2), s.top1, s.top10]);
}

const HEADER = tableHead(['order', 'bugs', 'mean rank', 'median rank', 'geometric mean rank', 'fix first', 'fix in first 10']);

function git(...gitArgs: string[]): string {
  return execFileSync('git', gitArgs, { cwd: packageRoot(), encoding: 'utf8' }).trim();
}

async function main(): Promise<void> {
  const started = Date.now();
  const date = new Date().toISOString().slice(0, 10);
  const out = args.out || path.join(packageRoot(), 'bench', 'results', `${date}-${git('rev-parse', '--short', 'HEAD')}-prior-fit`);
  const model = await loadPatchModel(defaultModelDir(), { device: 'cpu' });
  const load = async (sets: readonly SetName[], label: string): Promise<BugData[]> => {
    const loaded: BugData[] = [];
    for (const set of sets) {
      const bugs = setBugs(set).filter((bug) => isChosen(args.only, bug.target.id));
      for (const [i, bug] of bugs.entries()) {
        const data = await bugData(bug, model).catch((error: unknown) => {
          console.error(`${bug.target.id}: ${String(error)}`);
          return null;
        });
        if (data) loaded.push({ ...data, set });
        console.error(
          `${label} ${set} ${i + 1}/${bugs.length} ${bug.target.id}: ${data ? `${data.candidates.length} candidates, fix ${data.candidates.some((c) => c.exact) ? 'among them' : 'not among them'}` : 'no data'}`,
        );
      }
    }
    return loaded;
  };
  const all = await load(args.sets, 'fit');
  // Reported, never fitted on.
  const reported = await load(
    args.report.filter((set) => !args.sets.includes(set)),
    'report',
  );
  // The other stream's ranks, with the same weights (the bug's function alone, or the engine's).
  const otherStream = args.stream === 'engine' ? 'function' : 'engine';
  const alone: BugData[] = [];
  for (const bug of args.sets.flatMap(setBugs)) {
    const data = await templateData(bug, model, otherStream).catch(() => null);
    if (data) alone.push({ ...data, samples: [] });
  }
  await model.dispose();
  const usable = all.filter((bug) => bug.candidates.some((c) => c.exact));
  const candidates = all.flatMap((bug) => bug.candidates);
  const unscoreable = candidates.filter((c) => c.logProb === null).length;

  const before: Fit = { model: 0, family: 1, sample: PRIOR_WEIGHTS.sample, maxPassed: Number.POSITIVE_INFINITY };
  const streamFit = fit(usable, args.window);
  // The shown order: the template fix or a sample, whichever comes first.
  const shownUsable = all.filter((bug) => [...bug.candidates, ...bug.samples].some((c) => c.exact));
  const fitted = fitSample(shownUsable, streamFit);
  const other = args.objective === 'balanced' ? 'pooled' : 'balanced';
  const otherFit = fit(usable, args.window, FAMILY_WEIGHTS, other);
  const withFix = (bugs: readonly BugData[]): BugData[] => bugs.filter((bug) => bug.candidates.some((c) => c.exact));
  const withShownFix = (bugs: readonly BugData[]): BugData[] =>
    bugs.filter((bug) => [...bug.candidates, ...bug.samples].some((c) => c.exact));
  const setRows = (bugs: readonly BugData[], how: string): string[] =>
    [...new Set(bugs.map((b) => b.set))].flatMap((set) => {
      const of = withFix(bugs.filter((b) => b.set === set));
      const shown = withShownFix(bugs.filter((b) => b.set === set));
      return [
        row(`${set} (${how}), before`, summary(of, before, args.window)),
        row(`${set} (${how}), after`, summary(of, fitted, args.window)),
        row(`${set} (${how}), the ${other} fit`, summary(of, otherFit, args.window)),
        ...(NOW.model !== fitted.model || NOW.maxPassed !== fitted.maxPassed
          ? [row(`${set} (${how}), in prior.ts now`, summary(of, NOW, args.window))]
          : []),
        row(`${set} (${how}), shown-order proxy, before (by score)`, ranksSummary(shown.map((bug) => shownRank(bug, null)))),
        row(`${set} (${how}), shown-order proxy, after (the key)`, ranksSummary(shown.map((bug) => shownRank(bug, fitted)))),
      ];
    });
  // Two folds: bugs in a fixed order (by id), alternately.
  const byId = [...usable].sort((a, b) => a.id.localeCompare(b.id));
  const folds = [byId.filter((_, i) => i % 2 === 0), byId.filter((_, i) => i % 2 === 1)];
  const crossRanks = folds.map((held, f) => ({ weights: fit(folds[1 - f]!, args.window), held }));

  const lines = [
    '# The model prior: weights fitted on bugs the model never trained on',
    '',
    `Commit ${git('rev-parse', '--short', 'HEAD')}, ${new Date().toISOString()}, ${Math.round((Date.now() - started) / 1000)} s; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}.`,
    `Fitted on: ${args.sets.join(' + ')} (test: every ${args.testEvery}. bug of bench/real's test split, wide: bench/wide, each outside the ablation's sample), ${all.length} with data, ${usable.length} whose known fix is among the first ${args.most} template candidates ` +
      `(the others need an edit no template makes${args.stream === 'engine' ? ', their function is not among the top five suspects,' : ''} or the localizer's run failed). ${candidates.length} candidates, ${unscoreable} (${((100 * unscoreable) / Math.max(1, candidates.length)).toFixed(1)}%) without a model score.`,
    `Rank: the place of the first exact fix among ${args.stream === 'engine' ? "the template candidates the engine makes for the bug (its stream over the localizer's top five suspects)" : "the bug's function's template candidates"} ` +
      `(at most ${args.most}), in the order a window of ${args.window} hands them out (windowOrder).`,
    `Key: log(suspiciousness) + family x log(kind-of-edit prior) + model x (mean log-probability per token). Grid: model ${MODEL_WEIGHTS[0]}..${MODEL_WEIGHTS.at(-1)}, family ${FAMILY_WEIGHTS[0]}..${FAMILY_WEIGHTS.at(-1)}; ` +
      (args.objective === 'balanced'
        ? 'objective: the mean log rank of each set, averaged over the sets.'
        : 'objective: the mean log rank over all bugs (pooled).'),
    '',
    `Fitted: model ${fitted.model.toFixed(2)}, family ${fitted.family.toFixed(3)}, sample ${fitted.sample}, passed over at most ${fitted.maxPassed} times ` +
      `(in src/core/search/prior.ts now: model ${NOW.model}, family ${NOW.family}, sample ${NOW.sample}, at most ${NOW.maxPassed}).`,
    '',
    `## The search's order (${args.stream === 'engine' ? "the engine's template stream" : "template candidates of the bug's function"})`,
    '',
    HEADER,
    row('before: the stream (model 0, family 1)', summary(usable, before, args.window)),
    ...(args.family === 'grid'
      ? [row('model term only (model fitted, family 1)', summary(usable, fit(usable, args.window, [1]), args.window))]
      : []),
    row(
      `after: fitted (model ${fitted.model.toFixed(2)}, family ${fitted.family.toFixed(3)}, at most ${fitted.maxPassed})`,
      summary(usable, fitted, args.window),
    ),
    row(
      `the ${other} objective's fit (model ${otherFit.model.toFixed(2)}, family ${otherFit.family.toFixed(3)}, at most ${otherFit.maxPassed})`,
      summary(usable, otherFit, args.window),
    ),
    ...(NOW.model !== fitted.model || NOW.family !== fitted.family || NOW.maxPassed !== fitted.maxPassed
      ? [row('in prior.ts now', summary(usable, NOW, args.window))]
      : []),
    '',
    `Per set, fitted on and reported (${args.report.join(', ') || 'none'}: read, never fitted on; real: bench/real's dev split, whose bugs were among the model's training examples):`,
    '',
    HEADER,
    ...setRows(all, 'fitted'),
    ...setRows(reported, 'reported'),
    '',
    `The same weights, ${otherStream === 'function' ? "on the bug's function's candidates alone" : "on the engine's stream"}:`,
    '',
    HEADER,
    ...(() => {
      const of = alone.filter((bug) => bug.candidates.some((c) => c.exact));
      return [
        row(`${otherStream}, before`, summary(of, before, args.window)),
        row(`${otherStream}, after`, summary(of, fitted, args.window)),
      ];
    })(),
    '',
    'Passed over at most, with the fitted weights:',
    '',
    HEADER,
    ...MAX_PASSED.map((maxPassed) =>
      row(
        `at most ${maxPassed}${maxPassed === fitted.maxPassed ? ' (fitted)' : ''}`,
        summary(usable, { ...fitted, maxPassed }, args.window),
      ),
    ),
    '',
    'Window sizes, with the fitted weights (the whole list sorted: "all"):',
    '',
    HEADER,
    ...[8, 16, 32, 64, 128, ALL].map((w) => row(w === ALL ? 'all' : `window ${w}`, summary(usable, fitted, w))),
    '',
    'Two folds (weights fitted on one half of the bugs, ranks on the other half):',
    '',
    HEADER,
    ...crossRanks.flatMap(({ weights, held }, f) => [
      row(`fold ${f + 1}, before`, summary(held, before, args.window)),
      row(
        `fold ${f + 1}, after (fitted on the other: model ${weights.model.toFixed(2)}, family ${weights.family.toFixed(3)}, at most ${weights.maxPassed})`,
        summary(held, weights, args.window),
      ),
    ]),
    '',
    "## The shown order's proxy (template candidates and the model's samples together, all sorted)",
    '',
    `The samples: the engine's own draw for the function (greedy + 16, temperature 0.8, top-p 0.95, seeded); ${shownUsable.length} bugs whose fix is a template candidate or a sample ` +
      `(${shownUsable.filter((b) => b.samples.some((c) => c.exact)).length} of them among the samples, ${shownUsable.filter((b) => !b.candidates.some((c) => c.exact)).length} only there). ` +
      "Before: by score, as the shown order was (a template edit's suspiciousness x prior against a sample's suspect weight x its probability). " +
      'After: by the key, the sample prior fitted with the model and family weights above. No validation: this ranks all candidates, a proxy for the validated ones.',
    '',
    HEADER,
    row('before: by score', ranksSummary(shownUsable.map((bug) => shownRank(bug, null)))),
    ...SAMPLE_PRIORS.map((sample) =>
      row(
        `key, sample prior ${sample}${sample === fitted.sample ? ' (fitted)' : ''}`,
        ranksSummary(shownUsable.map((bug) => shownRank(bug, { ...fitted, sample }))),
      ),
    ),
    '',
  ];
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'results.md'), lines.join('\n'));
  fs.writeFileSync(
    path.join(out, 'results.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        window: args.window,
        most: args.most,
        fitted,
        bugs: [...all, ...reported].map((bug) => ({
          id: bug.id,
          set: bug.set,
          kind: bug.kind,
          ranked: bug.ranked,
          candidates: bug.candidates.length,
          unscoreable: bug.candidates.filter((c) => c.logProb === null).length,
          samples: bug.samples.length,
          rankBefore: bug.candidates.some((c) => c.exact) ? rankOf(bug, before, args.window) : null,
          rankAfter: bug.candidates.some((c) => c.exact) ? rankOf(bug, fitted, args.window) : null,
          shownRankBefore: withShownFix([bug]).length > 0 ? shownRank(bug, null) : null,
          shownRankAfter: withShownFix([bug]).length > 0 ? shownRank(bug, fitted) : null,
        })),
      },
      null,
      2,
    ) + '\n',
  );
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
