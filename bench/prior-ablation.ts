// The model's part in the search, measured: this build's `deepdebug fix` with the model (its
// samples and its prior over the template order, the default) and without it (`--no-model`),
// both at once per bug on their own copies (so both see the same machine load), at each
// budget. Per budget and mode: bugs fixed, the best patch the known fix (exact top-1) or a
// plausible but different patch, the known fix shown at all, the place in the search's
// validation order at which the first exact fix was validated (median over the bugs where it
// was), and the time to the first validated patch.
//
// Sets: bench/classic (all), bench/wide (every --wide-every-th bug, in name order), and a fixed
// sample of bench/real's TEST split (every --real-every-th bug, in file order): bugs the model
// never trained on. With the default samples, no bug here is read by the prior's fitting
// (bench/prior-fit.ts fits on the bugs of bench/wide and of the test split outside them). The
// defaults (28 + 25 + 10 bugs, budgets 60 and 10) take about an hour on this 2-core machine.
// Prints a row per bug and budget as it finishes; writes results.md and results.json to --out
// after every bug (a stopped run keeps what it did).
//
//   node out/bench/prior-ablation.js [--sets classic,wide,real] [--budgets 60,10] [--wide-every 2]
//        [--real-every 19] [--only id,...] [--out bench/results/<date>-<commit>-prior-ablation]
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageRoot } from '../src/core/files/resources';
import type { FixReport } from '../src/core/types';
import { isChosen, onlyList, ONLY_OPTION } from './lib/bug-sets';
import { isExactFix, median, runFixCli, scoreRun, seconds, type BugResult } from './lib/fix-runs';
import { markdownTable, tableHead, tableRow, type Cell } from './lib/markdown-table';
import { benchOptions, listOf, positiveNumber, wholeNumber } from './lib/options';
import { ABLATION_EVERY, classicPriorBugs, realPriorBugs, widePriorBugs, type PriorBug } from './prior-data';

const SETS = ['classic', 'wide', 'real'] as const;
const MODES = ['model', 'no-model'] as const;
type Mode = (typeof MODES)[number];

const args = benchOptions(
  {
    sets: { type: 'string', default: SETS.join(',') },
    budgets: { type: 'string', default: '60,10' },
    'wide-every': { type: 'string', default: String(ABLATION_EVERY.wide) },
    'real-every': { type: 'string', default: String(ABLATION_EVERY.real) },
    only: ONLY_OPTION,
    out: { type: 'string', default: '' },
  },
  (values) => ({
    sets: listOf('--sets', values.sets, SETS),
    budgets: values.budgets.split(',').map((b) => positiveNumber('--budgets', b)),
    wideEvery: wholeNumber('--wide-every', values['wide-every'], 1),
    realEvery: wholeNumber('--real-every', values['real-every'], 1),
    only: onlyList(values.only),
    out: values.out,
  }),
);

interface Row extends BugResult {
  set: string;
  budget: number;
  ablation: Mode;
  /** Place in the search's validation order of the first exact fix shown; null when none was. */
  exactRank: number | null;
  /** What the prior did (model mode). */
  prior: NonNullable<FixReport['stats']['search']>['prior'] | null;
  endedBecause: string | null;
}

/** The sets' samples; `--only` picks from the whole sets (bench/real: its test split). */
function chosenBugs(): PriorBug[] {
  const every = (set: string): number => (args.only.length > 0 ? 1 : set === 'wide' ? args.wideEvery : set === 'real' ? args.realEvery : 1);
  const bugs = args.sets.flatMap((set): PriorBug[] => {
    const all = set === 'classic' ? classicPriorBugs() : set === 'wide' ? widePriorBugs() : realPriorBugs('test');
    return all.filter((_, i) => i % every(set) === 0);
  });
  return bugs.filter((bug) => isChosen(args.only, bug.target.id));
}

async function runMode(bug: PriorBug, mode: Mode, budget: number, temp: string): Promise<Row> {
  const workspace = path.join(temp, mode);
  bug.build(workspace);
  try {
    const cliArgs = [
      ...(bug.python ? ['--python', bug.python] : []),
      ...(bug.tests.length > 0 ? ['--tests', ...bug.tests] : []),
      ...(mode === 'no-model' ? ['--no-model'] : []),
    ];
    const run = await runFixCli(workspace, cliArgs, budget);
    const patches = run.report?.patches ?? [];
    const exactRanks: number[] = [];
    for (const patch of patches)
      if (patch.searchRank !== undefined && (await isExactFix(bug.target, patch.newFileText))) exactRanks.push(patch.searchRank);
    return {
      ...(await scoreRun(bug.target, mode === 'model' ? 'model' : 'templates', run)),
      set: bug.set,
      budget,
      ablation: mode,
      exactRank: exactRanks.length > 0 ? Math.min(...exactRanks) : null,
      prior: run.report?.stats.search?.prior ?? null,
      endedBecause: run.report?.stats.search?.endedBecause ?? null,
    };
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

function cell(row: Row): string {
  const exact = row.exactTop1 ? 'top-1' : row.exactAny ? 'shown' : 'no';
  return `${row.fixed ? 'yes' : 'no'} / ${exact} / ${row.exactRank ?? '-'} / ${seconds(row.timeToFirstFixMs)} / ${row.candidatesValidated}`;
}

interface Summary {
  bugs: number;
  fixed: number;
  exactTop1: number;
  plausibleNotExact: number;
  exactAny: number;
  medianExactRank: number | null;
  medianFirstFixMs: number | null;
  medianValidated: number | null;
}

function summarize(rows: readonly Row[]): Summary {
  return {
    bugs: rows.length,
    fixed: rows.filter((r) => r.fixed).length,
    exactTop1: rows.filter((r) => r.exactTop1).length,
    plausibleNotExact: rows.filter((r) => r.plausibleNotExact).length,
    exactAny: rows.filter((r) => r.exactAny).length,
    medianExactRank: median(rows.map((r) => r.exactRank).filter((r): r is number => r !== null)),
    medianFirstFixMs: median(rows.map((r) => r.timeToFirstFixMs).filter((t): t is number => t !== null)),
    medianValidated: median(rows.map((r) => r.candidatesValidated)),
  };
}

function summaryTable(rows: readonly Row[]): string {
  const lines: Cell[][] = [];
  const sets = ['all', ...new Set(rows.map((r) => r.set))];
  for (const budget of args.budgets) {
    for (const set of sets) {
      for (const mode of MODES) {
        const of = rows.filter((r) => r.budget === budget && r.ablation === mode && (set === 'all' || r.set === set));
        if (of.length === 0) continue;
        const s = summarize(of);
        lines.push([
          `${budget} s`,
          set,
          mode,
          s.bugs,
          s.fixed,
          s.exactTop1,
          s.plausibleNotExact,
          s.exactAny,
          s.medianExactRank ?? '-',
          seconds(s.medianFirstFixMs),
          s.medianValidated ?? '-',
        ]);
      }
    }
  }
  return markdownTable(
    [
      'budget',
      'set',
      'mode',
      'bugs',
      'fixed',
      'exact top-1',
      'plausible, not exact',
      'exact shown (any place)',
      'median rank of the first exact fix',
      'median first fix s',
      'median candidates validated',
    ],
    lines,
  );
}

/** Bugs where the two modes' exact fix came at different places, both found: with the model earlier / later. */
function rankShifts(rows: readonly Row[]): string {
  const lines: string[] = [];
  for (const budget of args.budgets) {
    let earlier = 0;
    let later = 0;
    let same = 0;
    for (const withModel of rows.filter((r) => r.budget === budget && r.ablation === 'model')) {
      const without = rows.find((r) => r.budget === budget && r.ablation === 'no-model' && r.id === withModel.id);
      if (!without || withModel.exactRank === null || without.exactRank === null) continue;
      if (withModel.exactRank < without.exactRank) earlier++;
      else if (withModel.exactRank > without.exactRank) later++;
      else same++;
    }
    lines.push(
      `${budget} s: the exact fix validated earlier with the model on ${earlier} bugs, later on ${later}, at the same place on ${same} (bugs where both found it).`,
    );
  }
  return lines.join('\n');
}

function git(...gitArgs: string[]): string {
  return execFileSync('git', gitArgs, { cwd: packageRoot(), encoding: 'utf8' }).trim();
}

async function main(): Promise<void> {
  const commit = git('rev-parse', '--short', 'HEAD');
  const date = new Date().toISOString().slice(0, 10);
  const out = args.out || path.join(packageRoot(), 'bench', 'results', `${date}-${commit}-prior-ablation`);
  fs.mkdirSync(out, { recursive: true });
  const bugs = chosenBugs();
  const started = new Date().toISOString();
  const loadAtStart = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const header = [
    '# The model in the search: with and without it (`--no-model`)',
    '',
    `Commit ${commit}${git('status', '--porcelain', '--', 'src').length > 0 ? ' (with uncommitted changes in src/)' : ''}, started ${started}; ` +
      `${os.cpus().length} CPUs, load average ${loadAtStart} at the start; both modes at once per bug, each on its own copy.`,
    `Bugs: ${args.sets.map((set) => (set === 'classic' ? 'bench/classic (all)' : set === 'wide' ? `bench/wide (every ${args.wideEvery}. by name)` : `bench/real's test split (every ${args.realEvery}. in bugs.jsonl order)`)).join(', ')}` +
      `${args.only.length > 0 ? `, only ${args.only.join(', ')}` : ''}: ${bugs.length} bugs; budgets ${args.budgets.join(' and ')} s.`,
    'Cells: fixed / exact fix (top-1, shown lower, no) / the search rank at which the first exact fix was validated / first fix s / candidates validated.',
    '',
    tableHead(['bug', 'kind', 'budget', 'model', 'no-model']),
  ];
  console.log(header.join('\n'));
  const rows: Row[] = [];
  const lines: string[] = [];
  for (const bug of bugs) {
    for (const budget of args.budgets) {
      const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-bench-prior-'));
      try {
        const [withModel, without] = await Promise.all(MODES.map((mode) => runMode(bug, mode, budget, temp)));
        rows.push(withModel!, without!);
        const line = tableRow([bug.target.id, bug.target.kind, `${budget} s`, cell(withModel!), cell(without!)]);
        lines.push(line);
        console.log(line);
      } finally {
        fs.rmSync(temp, { recursive: true, force: true });
      }
    }
    const priors = rows.filter((r) => r.prior).map((r) => r.prior!);
    const priorLine =
      priors.length === 0
        ? ''
        : `The prior (model mode): median first wait ${median(priors.map((p) => p.firstWaitMs ?? 0))} ms (max ${Math.max(...priors.map((p) => p.firstWaitMs ?? 0))}), ` +
          `candidates scored (or found unscoreable) before they were handed out ${priors.reduce((s, p) => s + p.scored + p.unscoreable, 0)}, ` +
          `handed out unscored in the stream's order ${priors.reduce((s, p) => s + p.handedUnscored, 0)}; lanes waiting for scores ${Math.round(priors.reduce((s, p) => s + p.waitedMs, 0) / 1000)} s in all; ` +
          `scoring calls' wall time ${Math.round(priors.reduce((s, p) => s + p.scoringMs, 0) / 1000)} s in all (calls overlap, and wait behind the sampler on the model's thread).`;
    fs.writeFileSync(
      path.join(out, 'results.md'),
      [
        ...header,
        ...lines,
        '',
        summaryTable(rows),
        '',
        rankShifts(rows),
        '',
        priorLine,
        '',
        `Finished ${new Date().toISOString()}, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}.`,
        '',
      ].join('\n'),
    );
    fs.writeFileSync(
      path.join(out, 'results.json'),
      JSON.stringify({ commit, started, budgets: args.budgets, bugs: bugs.map((b) => b.target.id), rows }, null, 2) + '\n',
    );
  }
  console.log('');
  console.log(summaryTable(rows));
  console.log('');
  console.log(rankShifts(rows));
  console.error(`written to ${path.relative(packageRoot(), out)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
