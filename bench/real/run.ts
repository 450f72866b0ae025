// Runs `deepdebug fix` on the frozen real-project bugs (bench/real/bugs.jsonl), every mode on
// every bug with the same time budget, and writes the results under
// bench/results/<date>-<commit>-real[-quick]/: results.md (tables), results.json (every run),
// fixes-vs-budget.svg (bugs with a validated patch within t seconds) and by-kind.svg.
//
//   node out/bench/real/run.js [--quick] [--split dev|test|all] [--budget 60]
//        [--modes templates,model] [--only id,...] [--python /usr/bin/python3] [--out <folder>] [--jobs 1]
//        [--bugs <file>]   (another bug file in the same format; default bench/real/bugs.jsonl)
//
// Each bug's workspace is built in a temporary folder by make_bugs.py and removed afterwards.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packageRoot } from '../../src/core/files/resources';
import { isChosen, loadBugList, makeWorkspace, onlyList, ONLY_OPTION, REAL_PYTHON, type RealBug } from '../lib/bug-sets';
import { MODES, MODES_OPTION, runFixCli, scoreRun, seconds, summarize, summaryTable, type BugResult, type Mode } from '../lib/fix-runs';
import { tableHead, tableRow } from '../lib/markdown-table';
import { benchOptions, listOf, oneOf, positiveNumber, wholeNumber } from '../lib/options';
import { barChart, stepChart } from '../lib/svg-chart';

interface RealResult extends BugResult {
  subject: string;
  split: 'dev' | 'test';
}

/** What a run was: written at the top of results.json and results.md. */
interface RunMeta {
  benchmark: 'real';
  selection: string;
  commit: string;
  /** src/ had uncommitted changes when the run started (dist/ is built from the working tree). */
  dirty: boolean;
  date: string;
  budgetSeconds: number;
  modes: Mode[];
  python: string;
  cpus: number;
  loadAverage: string;
  subjects: Record<string, string>;
  bugsRun: number;
  /** Bugs run at the same time. */
  jobs: number;
  /** The reports' model lines in model mode. */
  modelNotes: string;
}

const SPLITS = ['dev', 'test', 'all'] as const;

/** Which bugs to run: `--only` ids, else the quick subset, else a split. */
interface Selection {
  only: string[];
  quick: boolean;
  split: (typeof SPLITS)[number];
}

function selectBugs(bugs: RealBug[], { only, quick, split }: Selection): RealBug[] {
  if (only.length) {
    const unknown = only.filter((id) => !bugs.some((b) => b.id === id));
    if (unknown.length) throw new Error(`unknown bug ids: ${unknown.join(', ')}`);
    return bugs.filter((b) => isChosen(only, b.id));
  }
  if (quick) return bugs.filter((b) => b.quick);
  return bugs.filter((b) => split === 'all' || b.split === split);
}

async function runBug(bug: RealBug, modes: readonly Mode[], budget: number, python: string, bugsFile?: string): Promise<RealResult[]> {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'deepdebug-real-'));
  try {
    const pristine = path.join(temp, 'bug');
    makeWorkspace(bug, pristine, python, bugsFile);
    const results: RealResult[] = [];
    for (const mode of modes) {
      // A fresh copy per mode, so no run can see another's leftovers.
      const workspace = path.join(temp, mode);
      fs.cpSync(pristine, workspace, { recursive: true });
      const args = ['--python', python, '--tests', ...bug.tests, ...(mode === 'templates' ? ['--no-model'] : [])];
      const run = await runFixCli(workspace, args, budget);
      results.push({ ...(await scoreRun(bug, mode, run)), subject: bug.subject, split: bug.split });
    }
    return results;
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: packageRoot(), encoding: 'utf8' }).trim();
}

/** Bugs with a validated patch within t seconds, as step points for t in [0, budget]. */
function fixedWithin(results: readonly BugResult[]): Array<[number, number]> {
  const times = results
    .filter((r) => r.fixed && r.timeToFirstFixMs !== null)
    .map((r) => r.timeToFirstFixMs! / 1000)
    .sort((a, b) => a - b);
  return times.map((t, i) => [t, i + 1]);
}

function resultCell(r: RealResult): string {
  const exact = r.exactTop1 ? 'top-1' : r.exactAny ? 'top-k' : 'no';
  const failed = r.error !== undefined ? ` (exit ${r.exitCode ?? 'killed'})` : '';
  return `${r.fixed ? 'yes' : 'no'} / ${exact} / ${seconds(r.timeToFirstFixMs)} / ${r.candidatesValidated} of ${r.candidatesGenerated}${failed}`;
}

function markdown(meta: RunMeta, bugs: readonly RealBug[], modes: readonly Mode[], results: readonly RealResult[]): string {
  const of = (filter: (r: RealResult) => boolean): ReturnType<typeof summarize> => summarize(results.filter(filter));
  const kinds = [...new Set(bugs.map((b) => b.kind))].sort();
  const lines = [
    `# Real-project bugs: ${meta.selection} (${meta.bugsRun} of ${bugs.length} bugs run)`,
    '',
    `Commit ${meta.commit}${meta.dirty ? ' (with uncommitted changes in src/)' : ''}, ${meta.date}; budget ${meta.budgetSeconds} s per bug and mode; ` +
      `${meta.cpus} CPUs, load average ${meta.loadAverage} at the start, ${meta.jobs} bug(s) at a time. Model: ${meta.modelNotes}.`,
    '',
    '## By mode',
    '',
    summaryTable(
      'mode',
      modes.map((m) => [m, of((r) => r.mode === m)] as const),
    ),
    '',
    '## By split',
    '',
    summaryTable(
      'mode, split',
      modes
        .flatMap((m) => (['dev', 'test'] as const).map((s) => [`${m}, ${s}`, of((r) => r.mode === m && r.split === s)] as const))
        .filter(([, s]) => s.bugs > 0),
    ),
    '',
    '## By bug kind',
    '',
    summaryTable(
      'kind, mode',
      kinds.flatMap((k) => modes.map((m) => [`${k}, ${m}`, of((r) => r.kind === k && r.mode === m)] as const)),
    ),
    '',
    '## By subject',
    '',
    summaryTable(
      'subject, mode',
      [...new Set(bugs.map((b) => b.subject))]
        .sort()
        .flatMap((s) => modes.map((m) => [`${s}, ${m}`, of((r) => r.subject === s && r.mode === m)] as const)),
    ),
    '',
    '## Every bug',
    '',
    `Cells: validated patch / exact fix / first fix s / candidates validated of generated.`,
    '',
    tableHead(['bug', 'kind', 'split', ...modes]),
    ...bugs.map((b) => {
      const cells = modes.map((m) => {
        const r = results.find((x) => x.id === b.id && x.mode === m);
        return r ? resultCell(r) : '-';
      });
      return tableRow([`\`${b.id}\``, b.kind, b.split, ...cells]);
    }),
    '',
  ];
  return lines.join('\n');
}

/** Writes every output file; called after each bug, so a long run that stops keeps what it did. */
function writeOutputs(
  outDir: string,
  meta: RunMeta,
  bugs: readonly RealBug[],
  modes: readonly Mode[],
  results: readonly RealResult[],
): void {
  const budget = meta.budgetSeconds;
  meta.modelNotes =
    [...new Set(results.filter((r) => r.mode === 'model' && r.modelNote !== null).map((r) => r.modelNote!))].join('; ') || 'not run';
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'results.json'), JSON.stringify({ ...meta, results }, null, 2) + '\n');
  fs.writeFileSync(path.join(outDir, 'results.md'), markdown(meta, bugs, modes, results));
  fs.writeFileSync(
    path.join(outDir, 'fixes-vs-budget.svg'),
    stepChart(
      `Bugs with a validated patch within t seconds (${bugs.length} bugs)`,
      't, seconds',
      'bugs fixed',
      budget,
      bugs.length,
      modes.map((m) => ({ name: m, points: fixedWithin(results.filter((r) => r.mode === m)) })),
    ),
  );
  const kinds = [...new Set(bugs.map((b) => b.kind))].sort();
  fs.writeFileSync(
    path.join(outDir, 'by-kind.svg'),
    barChart(`Per bug kind: bugs, validated, exact top-1 (budget ${budget} s)`, 'bugs', kinds, [
      { name: 'bugs', values: kinds.map((k) => bugs.filter((b) => b.kind === k).length) },
      ...modes.flatMap((m) => [
        { name: `${m}: validated`, values: kinds.map((k) => results.filter((r) => r.mode === m && r.kind === k && r.fixed).length) },
        { name: `${m}: exact top-1`, values: kinds.map((k) => results.filter((r) => r.mode === m && r.kind === k && r.exactTop1).length) },
      ]),
    ]),
  );
}

async function main(): Promise<void> {
  const { budget, modes, python, selection, out, jobs, bugsFile } = benchOptions(
    {
      quick: { type: 'boolean', default: false },
      split: { type: 'string', default: 'all' },
      budget: { type: 'string', default: '60' },
      modes: MODES_OPTION,
      only: ONLY_OPTION,
      python: { type: 'string', default: REAL_PYTHON },
      out: { type: 'string' },
      jobs: { type: 'string', default: '1' },
      bugs: { type: 'string' },
    },
    (values) => ({
      budget: positiveNumber('--budget', values.budget),
      modes: listOf('--modes', values.modes, MODES),
      python: values.python,
      selection: {
        only: onlyList(values.only),
        quick: values.quick,
        split: oneOf('--split', values.split, SPLITS),
      },
      out: values.out,
      jobs: wholeNumber('--jobs', values.jobs, 1),
      bugsFile: values.bugs ? path.resolve(values.bugs) : undefined,
    }),
  );
  const { quick } = selection;
  const bugs = selectBugs(loadBugList(bugsFile), selection);
  const commit = git('rev-parse', '--short', 'HEAD');
  const date = new Date().toISOString();
  const outDir = out ?? path.join(packageRoot(), 'bench', 'results', `${date.slice(0, 10)}-${commit}-real${quick ? '-quick' : ''}`);
  const meta: RunMeta = {
    benchmark: 'real',
    selection:
      (selection.only.length ? 'chosen bugs' : quick ? 'quick subset' : `split ${selection.split}`) +
      (bugsFile ? ` of ${path.relative(packageRoot(), bugsFile)}` : ''),
    commit: git('rev-parse', 'HEAD'),
    dirty: git('status', '--porcelain', '--', 'src').length > 0,
    date,
    budgetSeconds: budget,
    modes,
    python,
    cpus: os.cpus().length,
    loadAverage: os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' '),
    subjects: Object.fromEntries(bugs.map((b) => [b.subject, b.subjectVersion])),
    bugsRun: 0,
    jobs,
    modelNotes: 'not run',
  };
  console.error(`${bugs.length} bugs x ${modes.length} modes, budget ${budget} s; results to ${outDir}`);
  const results: RealResult[] = [];
  // Bugs in parallel only on request: concurrent runs share the CPUs and lengthen each other's times.
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < bugs.length) {
      const bug = bugs[next++]!;
      const ran = await runBug(bug, modes, budget, python, bugsFile);
      results.push(...ran);
      meta.bugsRun += 1;
      console.error(`[${meta.bugsRun}/${bugs.length}] ${bug.id} (${bug.kind}): ${ran.map((r) => `${r.mode} ${resultCell(r)}`).join('; ')}`);
      writeOutputs(outDir, meta, bugs, modes, results);
    }
  };
  await Promise.all(Array.from({ length: meta.jobs }, worker));
  console.log(markdown(meta, bugs, modes, results).split('## By split')[0]);
  console.error(`wrote ${outDir}`);
}

// models/training imports this module (above); only a direct run runs the benchmark.
if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
