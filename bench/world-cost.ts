// What reproducing first and the wider world cost: `deepdebug fix` of this build beside a
// baseline build (an older checkout's dist/cli.js), side by side in one run, on bench/classic
// and on bench/real bugs of one project, the two builds taking turns at going first on each
// bug. Prints, per build: fixed, exact top-1, median time to the first validated patch and to
// the first candidate (from the report's timeline: none for a baseline built before it),
// candidates validated per minute of search, and this build's median reproduce time.
//
//   node out/bench/world-cost.js --baseline <checkout with dist/cli.js built> [--budget 30]
//        [--only name,...] [--real-subject toolz] [--real-count 6] [--python /usr/bin/python3] [--json out.json]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadBugList, loadBugSet, makeWorkspace, onlyList, ONLY_OPTION, REAL_PYTHON } from './lib/bug-sets';
import { median, runFixCli, scoreRun, seconds, sideBySide, type BugResult, type BugTarget, type Build } from './lib/fix-runs';
import { markdownTable, type Cell } from './lib/markdown-table';
import { benchOptions, positiveNumber, required, wholeNumber } from './lib/options';

const args = benchOptions(
  {
    baseline: { type: 'string' },
    budget: { type: 'string', default: '30' },
    only: ONLY_OPTION,
    'real-subject': { type: 'string', default: 'toolz' },
    'real-count': { type: 'string', default: '6' },
    python: { type: 'string', default: REAL_PYTHON },
    json: { type: 'string', default: '' },
  },
  (values) => ({
    baseline: path.resolve(required('--baseline', values.baseline, '<checkout with dist/cli.js built>')),
    budget: positiveNumber('--budget', values.budget),
    only: onlyList(values.only),
    realSubject: values['real-subject'],
    realCount: wholeNumber('--real-count', values['real-count'], 0),
    python: values.python,
    json: values.json,
  }),
);

interface Row extends BugResult {
  set: 'classic' | 'real';
  build: Build;
  /** Validated per minute of the run after its first pytest run (the part both builds spend searching). */
  perMinute: number | null;
  reproduceMs: number | null;
  differs: number;
  orderDependent: number;
}

interface Bug {
  set: Row['set'];
  target: BugTarget;
  /** Makes the bug's workspace in `folder`; its test selection. */
  make: (folder: string) => string[];
}

function bugs(): Bug[] {
  const classic: Bug[] = loadBugSet('classic', args.only).map(({ dir, bug }) => ({
    set: 'classic',
    target: bug,
    make: (folder) => (fs.cpSync(dir, folder, { recursive: true }), []),
  }));
  const real: Bug[] = loadBugList()
    .filter((bug) => bug.subject === args.realSubject)
    .slice(0, args.realCount)
    .map((bug) => ({ set: 'real', target: bug, make: (folder) => (makeWorkspace(bug, folder, args.python), bug.tests) }));
  return [...classic, ...real];
}

async function runOne(bug: Bug, build: Build): Promise<Row> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `deepdebug-world-cost-${build}-`));
  const workspace = path.join(folder, 'ws');
  try {
    const tests = bug.make(workspace);
    const cli = build === 'this' ? undefined : path.join(args.baseline, 'dist', 'cli.js');
    const extra = ['--no-model', ...(bug.set === 'real' ? ['--python', args.python, '--tests', ...tests] : [])];
    const run = await runFixCli(workspace, extra, args.budget, cli);
    const report = run.report;
    const searchMs = report ? report.stats.elapsedMs - (report.world?.reproduceMs ?? 0) : 0;
    return {
      ...(await scoreRun(bug.target, 'templates', run)),
      set: bug.set,
      build,
      perMinute: report && searchMs > 0 ? Math.round((report.stats.candidatesValidated / searchMs) * 60_000) : null,
      reproduceMs: report?.world?.reproduceMs ?? null,
      differs: report?.world?.differs.length ?? 0,
      orderDependent: report?.world?.orderDependent.length ?? 0,
    };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

function table(rows: readonly Row[]): string {
  const lines: Cell[][] = [];
  for (const set of ['classic', 'real'] as const) {
    for (const build of ['baseline', 'this'] as const) {
      const mine = rows.filter((r) => r.set === set && r.build === build);
      if (mine.length === 0) continue;
      const firsts = mine.flatMap((r) => (r.timeToFirstFixMs === null ? [] : [r.timeToFirstFixMs]));
      const candidates = mine.flatMap((r) => (r.firstCandidateMs === null ? [] : [r.firstCandidateMs]));
      const rates = mine.flatMap((r) => (r.perMinute === null ? [] : [r.perMinute]));
      const reproduce = mine.flatMap((r) => (r.reproduceMs === null ? [] : [r.reproduceMs]));
      lines.push([
        set,
        build,
        mine.length,
        mine.filter((r) => r.fixed).length,
        mine.filter((r) => r.exactTop1).length,
        seconds(median(firsts)),
        seconds(median(candidates)),
        median(rates) ?? '-',
        reproduce.length ? seconds(median(reproduce)) : '-',
        mine.reduce((n, r) => n + r.differs, 0),
      ]);
    }
  }
  return markdownTable(
    [
      'set',
      'build',
      'bugs',
      'fixed',
      'exact top-1',
      'median first fix s',
      'median first candidate s',
      'median validated/min',
      'median reproduce s',
      'tests named as differing',
    ],
    lines,
  );
}

async function main(): Promise<void> {
  const rows = await sideBySide(
    args.baseline,
    bugs(),
    runOne,
    (bug, build, row) => `${bug.target.id} ${build}: ${row.fixed ? 'fixed' : 'not fixed'}, first fix ${seconds(row.timeToFirstFixMs)} s`,
  );
  console.log(table(rows));
  if (args.json) fs.writeFileSync(args.json, JSON.stringify(rows, null, 2) + '\n');
}

void main();
