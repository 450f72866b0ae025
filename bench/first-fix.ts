// How soon the first fix comes, this build beside a baseline build (an older checkout's
// dist/cli.js), the two taking turns at going first on each bug, one run at a time: the median
// time to the first validated patch, where that time goes (the report's timeline: the medians
// of when each step ended), and whether the fixes stayed the same (fixed, and the same top
// patch, at the same budget). A bug's run is `deepdebug fix` on a fresh copy of its folder.
//
//   node out/bench/first-fix.js --baseline <checkout with dist/cli.js built> [--budget 10]
//        [--sets classic,wide,synth,missing (default classic,wide)] [--mode model|templates] [--only name,...] [--json out.json]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { FixReport, TimelineStep } from '../src/core/types';
import { loadBugSet, onlyList, ONLY_OPTION, type BugFolder } from './lib/bug-sets';
import { median, ranNormally, runFixCli, seconds, sideBySide, type Build } from './lib/fix-runs';
import { markdownTable } from './lib/markdown-table';
import { benchOptions, listOf, oneOf, positiveNumber, required } from './lib/options';

const SETS = ['classic', 'wide', 'synth', 'missing'] as const;
type BenchSet = (typeof SETS)[number];
const MODES = ['model', 'templates'] as const;

/** The timeline's steps on the way to the first fix, in the order they usually end. */
const STEPS: ReadonlyArray<readonly [TimelineStep, string]> = [
  ['first-run', 'first run'],
  ['localize', 'localized'],
  ['pool-start', 'validator ready'],
  ['reproduce', 'reproduced'],
  ['first-candidate', 'first candidate'],
  ['first-fix', 'first validated'],
];

const args = benchOptions(
  {
    baseline: { type: 'string' },
    budget: { type: 'string', default: '10' },
    sets: { type: 'string', default: 'classic,wide' },
    mode: { type: 'string', default: 'model' },
    only: ONLY_OPTION,
    json: { type: 'string', default: '' },
  },
  (values) => ({
    baseline: path.resolve(required('--baseline', values.baseline, '<checkout with dist/cli.js built>')),
    budget: positiveNumber('--budget', values.budget),
    sets: listOf('--sets', values.sets, SETS),
    mode: oneOf('--mode', values.mode, MODES),
    only: onlyList(values.only),
    json: values.json,
  }),
);

interface Row {
  set: BenchSet;
  bug: string;
  build: Build;
  exitCode: number | null;
  /** The top patch's file text, to compare the builds' fixes; null when none validated. */
  topPatch: string | null;
  firstFixMs: number | null;
  /** When each step of STEPS ended, ms since the run's start (null: it did not run). */
  stepEnds: Partial<Record<TimelineStep, number>>;
  wallMs: number;
  /** The machine's 1-minute load average as the run started: how alone it ran. */
  loadAtStart: number;
  error?: string;
}

function stepEnds(report: FixReport | null): Row['stepEnds'] {
  const ends: Row['stepEnds'] = {};
  for (const entry of report?.stats.timeline ?? []) ends[entry.step] ??= entry.endMs;
  return ends;
}

async function runBug(set: BenchSet, { dir }: BugFolder, build: Build): Promise<Row> {
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), `deepdebug-first-fix-${path.basename(dir)}-`));
  try {
    fs.cpSync(dir, workspace, { recursive: true });
    const loadAtStart = os.loadavg()[0]!;
    const cli = build === 'baseline' ? path.join(args.baseline, 'dist', 'cli.js') : undefined;
    const run = await runFixCli(workspace, args.mode === 'templates' ? ['--no-model'] : [], args.budget, cli);
    const row: Row = {
      set,
      bug: path.basename(dir),
      build,
      exitCode: run.exitCode,
      topPatch: run.report?.patches[0]?.newFileText ?? null,
      firstFixMs: run.report?.stats.timeToFirstFixMs ?? null,
      stepEnds: stepEnds(run.report),
      wallMs: run.wallMs,
      loadAtStart,
    };
    if (!ranNormally(run.exitCode)) row.error = run.stderrTail;
    return row;
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

const ratio = (value: number | null): string => (value === null ? '-' : value.toFixed(2));

/** Per set: fixes compared bug by bug, and the first fix's medians and paired ratio. */
function summaryTable(rows: readonly Row[]): string {
  return markdownTable(
    [
      'set',
      'bugs',
      'fixed baseline / this',
      'same top patch',
      'fixed by one build only',
      'median first fix s baseline / this',
      'paired ratio this / baseline',
      'first fix <= 2 s baseline / this',
    ],
    SETS.filter((set) => args.sets.includes(set)).map((set) => {
      const of = (build: Build) => rows.filter((r) => r.set === set && r.build === build);
      const pairs = of('baseline').map((before) => [before, of('this').find((after) => after.bug === before.bug)!] as const);
      const fixed = (build: Build) => of(build).filter((r) => r.topPatch !== null);
      const firstFix = (build: Build) => fixed(build).flatMap((r) => (r.firstFixMs === null ? [] : [r.firstFixMs]));
      const within = (build: Build) => firstFix(build).filter((ms) => ms <= 2000).length;
      const onlyOne = pairs.filter(([before, after]) => (before.topPatch === null) !== (after.topPatch === null));
      const ratios = pairs.flatMap(([before, after]) =>
        before.firstFixMs !== null && after.firstFixMs !== null ? [after.firstFixMs / before.firstFixMs] : [],
      );
      return [
        set,
        pairs.length,
        `${fixed('baseline').length} / ${fixed('this').length}`,
        pairs.filter(([before, after]) => before.topPatch === after.topPatch).length,
        onlyOne.map(([before, after]) => `${before.bug} (${after.topPatch === null ? 'baseline' : 'this'})`).join(', ') || '-',
        `${seconds(median(firstFix('baseline')))} / ${seconds(median(firstFix('this')))}`,
        ratio(median(ratios)),
        `${within('baseline')} / ${within('this')} of ${fixed('baseline').length} / ${fixed('this').length}`,
      ];
    }),
  );
}

/** Per set and build: the median time at which each step ended, over the bugs whose run had it. */
function timelineTable(rows: readonly Row[]): string {
  const lines: string[][] = [];
  for (const set of SETS.filter((s) => args.sets.includes(s))) {
    for (const build of ['baseline', 'this'] as const) {
      const runs = rows.filter((r) => r.set === set && r.build === build);
      lines.push([
        `${set}, ${build}`,
        ...STEPS.map(([step]) => seconds(median(runs.flatMap((r) => (r.stepEnds[step] === undefined ? [] : [r.stepEnds[step]!]))))),
      ]);
    }
  }
  return markdownTable(['set, build', ...STEPS.map(([, name]) => `${name} s`)], lines, { numbers: true });
}

/** Bugs whose fixes differ between the builds, for reading by hand. */
function differences(rows: readonly Row[]): string {
  const lines = rows
    .filter((r) => r.build === 'baseline')
    .flatMap((before) => {
      const after = rows.find((r) => r.set === before.set && r.bug === before.bug && r.build === 'this')!;
      if (before.topPatch === after.topPatch && !before.error && !after.error) return [];
      const state = (r: Row) => r.error ?? (r.topPatch === null ? 'no fix' : `fix at ${seconds(r.firstFixMs)} s`);
      return [[`${before.set}/${before.bug}`, state(before), state(after)]];
    });
  return lines.length === 0 ? 'The same top patch (or none) on every bug.' : markdownTable(['bug', 'baseline', 'this'], lines);
}

async function main(): Promise<void> {
  const bugs = args.sets.flatMap((set) => loadBugSet(set, args.only).map((folder) => ({ set, folder })));
  const rows = await sideBySide(
    args.baseline,
    bugs,
    ({ set, folder }, build) => runBug(set, folder, build),
    ({ set, folder }, build, row) =>
      `${set}/${path.basename(folder.dir)} ${build}: ${row.error ?? (row.topPatch === null ? 'no fix' : `first fix ${seconds(row.firstFixMs)} s`)}`,
  );
  console.log(
    `First fix, ${args.mode} mode, ${args.budget} s budget; load at the runs' start: median ` +
      `${median(rows.map((r) => r.loadAtStart))!.toFixed(1)}, most ${Math.max(...rows.map((r) => r.loadAtStart)).toFixed(1)}\n\n${summaryTable(rows)}\n\n` +
      `When each step ended (median s since the run's start)\n\n${timelineTable(rows)}\n\n${differences(rows)}`,
  );
  if (args.json) fs.writeFileSync(args.json, JSON.stringify({ budget: args.budget, mode: args.mode, rows }, null, 1));
}

void main();
