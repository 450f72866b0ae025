// The anytime search against an older engine, side by side in one run: for every bug of the
// chosen sets, both builds' `deepdebug fix` run at the same time on their own copies (so both
// see the same machine load), with the same budget and the default settings (model and
// templates). Prints a row per bug as it finishes and, at the end, a summary per set and
// engine; writes results.md and results.json to --out after every bug (a stopped run keeps
// what it did).
//
//   node out/bench/search.js --baseline <older checkout, built> [--sets classic,wide,guards,real,synth,synth-real,missing,missing-real]
//        [--budget 60] [--real-every 12] [--only id,...] [--no-model] [--resume]
//        [--baseline-args="<fix options>"] [--current-args="<fix options>"]
//        [--out bench/results/<date>-<commit>-search]
//
// --baseline-args and --current-args add options to one engine's `deepdebug fix`: with the
// baseline the same checkout, they compare settings of one build (`--validator fork` against
// `--validator spawn`).
//
// --no-model runs both engines on templates alone: with --only naming bugs neither fixes, the
// throughput table then measures validation speed on its own (candidates per minute of wall
// time, on bugs whose search spent the whole budget).
//
// The real-project set is bench/real's dev split, every --real-every-th bug (a fixed sample);
// synth-real is every bug of bench/synth/real-bugs.jsonl, missing-real of bench/missing/real-bugs.jsonl. --resume keeps the rows of --out's
// results.json and runs only the bugs it lacks (a run stopped midway goes on where it was).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { FixReport } from '../src/core/types';
import { packageRoot } from '../src/core/files/resources';
import { isChosen, loadBugList, loadBugSet, makeWorkspace, onlyList, ONLY_OPTION, REAL_PYTHON, type RealBug } from './lib/bug-sets';
import { median, runFixCli, scoreRun, seconds, summarize, summaryTable, type BugResult, type BugTarget } from './lib/fix-runs';
import { markdownTable, tableHead, tableRow, type Cell } from './lib/markdown-table';
import { benchOptions, listOf, positiveNumber, required, wholeNumber } from './lib/options';

const ENGINES = ['baseline', 'current'] as const;
type Engine = (typeof ENGINES)[number];

interface Bug {
  set: string;
  target: BugTarget;
  /** Makes the bug's workspace at a folder. */
  build: (folder: string) => void;
  args: string[];
}

interface Row extends BugResult {
  set: string;
  engine: Engine;
  endedBecause: string | null;
  /** Each shown patch as "fix|unconfirmed kind: summary", best first. */
  showed: string[];
}

const SETS = ['classic', 'wide', 'guards', 'synth', 'real', 'synth-real', 'missing', 'missing-real'] as const;
type BugSet = (typeof SETS)[number];
/** The sets of real-project bugs written by hand beside a folder set, by their file. */
const REAL_BUG_FILES: Partial<Record<BugSet, string>> = {
  'synth-real': path.join(packageRoot(), 'bench', 'synth', 'real-bugs.jsonl'),
  'missing-real': path.join(packageRoot(), 'bench', 'missing', 'real-bugs.jsonl'),
};

const args = benchOptions(
  {
    baseline: { type: 'string' },
    sets: { type: 'string', default: 'classic,wide,real' },
    budget: { type: 'string', default: '60' },
    'real-every': { type: 'string', default: '12' },
    only: ONLY_OPTION,
    'no-model': { type: 'boolean', default: false },
    'baseline-args': { type: 'string', default: '' },
    'current-args': { type: 'string', default: '' },
    resume: { type: 'boolean', default: false },
    out: { type: 'string', default: '' },
  },
  (values) => ({
    baseline: required('--baseline', values.baseline, '<older checkout, built>'),
    sets: listOf('--sets', values.sets, SETS),
    budget: positiveNumber('--budget', values.budget),
    realEvery: wholeNumber('--real-every', values['real-every'], 1),
    only: onlyList(values.only),
    noModel: values['no-model'],
    extraArgs: { baseline: words(values['baseline-args']), current: words(values['current-args']) } satisfies Record<Engine, string[]>,
    resume: values.resume,
    out: values.out,
  }),
);

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** The bugs of one set that `--only` picks (bench/real: from the sample). */
function setBugs(set: BugSet): Bug[] {
  if (set === 'real' || set === 'synth-real' || set === 'missing-real') {
    const bugsFile = REAL_BUG_FILES[set];
    const records = bugsFile ? loadBugList(bugsFile) : realSample();
    return records
      .filter((bug) => isChosen(args.only, bug.id))
      .map((bug) => ({
        set,
        target: bug,
        build: (f: string) => makeWorkspace(bug, f, REAL_PYTHON, bugsFile),
        args: ['--python', REAL_PYTHON, '--tests', ...bug.tests],
      }));
  }
  return loadBugSet(set, args.only).map(({ dir, bug }) => ({
    set,
    target: bug,
    build: (f: string) => fs.cpSync(dir, f, { recursive: true }),
    args: [],
  }));
}

/** bench/real's dev split, every --real-every-th bug. */
function realSample(): RealBug[] {
  return loadBugList()
    .filter((bug) => bug.split === 'dev')
    .filter((_, index) => index % args.realEvery === 0);
}

async function runEngine(bug: Bug, engine: Engine, cli: string, temp: string, budget: number): Promise<Row> {
  const workspace = path.join(temp, engine);
  bug.build(workspace);
  try {
    const run = await runFixCli(workspace, [...bug.args, ...(args.noModel ? ['--no-model'] : []), ...args.extraArgs[engine]], budget, cli);
    const report: FixReport | null = run.report;
    return {
      ...(await scoreRun(bug.target, 'model', run)),
      set: bug.set,
      engine,
      endedBecause: report?.stats.search?.endedBecause ?? null,
      showed: (report?.patches ?? []).map((patch) => `${patch.assurance ?? 'unranked'} ${patch.editKind}: ${patch.summary}`),
    };
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

function rowOf(rows: readonly Row[], id: string, engine: Engine): Row | undefined {
  return rows.find((r) => r.id === id && r.engine === engine);
}

function bugLine(baseline: Row, current: Row): string {
  return tableRow([current.id, current.kind, cell(baseline), cell(current)]);
}

/** A table line per bug both engines ran, in the order they ran (a resumed run's earlier rows first). */
function bugLines(rows: readonly Row[]): string[] {
  return [...new Set(rows.map((r) => r.id))].flatMap((id) => {
    const [baseline, current] = ENGINES.map((engine) => rowOf(rows, id, engine));
    return baseline && current ? [bugLine(baseline, current)] : [];
  });
}

function cell(row: Row): string {
  const exact = row.exactTop1 ? 'top-1' : row.exactAny ? 'top-k' : 'no';
  return `${row.fixed ? 'yes' : 'no'} / ${exact} / ${seconds(row.timeToFirstFixMs)} / ${row.candidatesValidated} / ${seconds(row.wallMs)}${row.endedBecause ? ` (${row.endedBecause})` : ''}`;
}

/** Candidates validated per minute of wall time, on the bugs where the search spent its budget. */
function perMinute(row: Row): number | null {
  return row.endedBecause === 'budget' && row.wallMs > 0 ? row.candidatesValidated / (row.wallMs / 60_000) : null;
}

function throughputTable(rows: readonly Row[]): string {
  const table: Cell[][] = [];
  const ratios: number[] = [];
  for (const current of rows.filter((r) => r.engine === 'current')) {
    const baseline = rows.find((r) => r.engine === 'baseline' && r.id === current.id);
    const [before, after] = [baseline && perMinute(baseline), perMinute(current)];
    if (!before || !after) continue;
    ratios.push(after / before);
    table.push([current.id, Math.round(before), Math.round(after), (after / before).toFixed(2)]);
  }
  const middle = median(ratios);
  return [
    'Throughput on bugs where both searches spent the whole budget (candidates validated per minute of wall time):',
    '',
    markdownTable(['bug', 'baseline', 'current', 'current / baseline'], table),
    '',
    `Median ratio: ${middle === null ? '-' : middle.toFixed(2)} over ${ratios.length} bugs.`,
  ].join('\n');
}

async function main(): Promise<void> {
  const clis: Record<Engine, string> = {
    baseline: path.resolve(args.baseline, 'dist', 'cli.js'),
    current: path.join(packageRoot(), 'dist', 'cli.js'),
  };
  const { budget } = args;
  const out = args.out || path.join(packageRoot(), 'bench', 'results', `search-${Date.now()}`);
  fs.mkdirSync(out, { recursive: true });
  const resultsFile = path.join(out, 'results.json');
  const rows: Row[] =
    args.resume && fs.existsSync(resultsFile) ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as { rows: Row[] }).rows : [];
  const extra = ENGINES.filter((engine) => args.extraArgs[engine].length > 0).map(
    (engine) => `; ${engine} with ${args.extraArgs[engine].join(' ')}`,
  );
  const settings = `${args.noModel ? 'templates only (--no-model)' : 'default settings (model and templates)'}${extra.join('')}`;
  const header = [
    `Budget ${budget} s per bug; both engines at once on their own copies; ${settings}.`,
    'Cells: fixed / exact / first fix s / candidates validated / wall s (why the search ended).',
    '',
    tableHead(['bug', 'kind', 'baseline', 'current']),
  ];
  console.log(header.join('\n'));
  for (const bug of args.sets.flatMap(setBugs)) {
    if (ENGINES.every((engine) => rowOf(rows, bug.target.id, engine))) continue;
    const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-bench-search-'));
    try {
      const [baseline, current] = await Promise.all(ENGINES.map((engine) => runEngine(bug, engine, clis[engine], temp, budget)));
      rows.push(baseline!, current!);
      console.log(bugLine(baseline!, current!));
    } finally {
      fs.rmSync(temp, { recursive: true, force: true });
    }
    const sets = [...new Set(rows.map((r) => r.set))];
    const summary = summaryTable(
      'set, engine',
      sets.flatMap((set) =>
        ENGINES.map((engine) => [`${set}, ${engine}`, summarize(rows.filter((r) => r.set === set && r.engine === engine))] as const),
      ),
    );
    fs.writeFileSync(path.join(out, 'results.md'), [...header, ...bugLines(rows), '', summary, '', throughputTable(rows), ''].join('\n'));
    fs.writeFileSync(resultsFile, JSON.stringify({ budgetSeconds: budget, load: os.loadavg(), rows }, null, 2) + '\n');
  }
  console.log('');
  console.log(fs.readFileSync(path.join(out, 'results.md'), 'utf8').split('\n\n').at(-1));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
