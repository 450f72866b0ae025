// Soak run: `deepdebug fix` over the executable benchmark (the classic bugs and the real-project
// bugs) several passes in a row, counting what a leak would leave behind. By default the engine
// runs inside this one Node process, as the VS Code sidecar hosts it for hours; --cli starts
// `node dist/cli.js fix` per bug instead. Before the first pass and after each pass it counts
// this process's file descriptors and memory, its child processes, other processes still tied
// to the soak's folder, and the entries in the private temp folder every run uses (TMPDIR);
// after each bug it checks the workspace is byte-identical to what it was before the first pass.
// Writes bench/results/<date>-<commit>-soak/results.md and results.json (after every bug) and
// exits non-zero when anything leaked.
//
//   node --expose-gc out/bench/soak.js [--time-budget 60] [--passes 2] [--sets classic,real]
//        [--every 1] [--limit <n>] [--no-model] [--cli] [--python /usr/bin/python3] [--out <folder>]
//
// --every k and --limit n pick real-project bugs (every k-th line of bugs.jsonl, then the first
// n of those); the classic bugs always run in full. --python is for the real-project bugs (their
// packages are Debian's); the classic bugs run under `python3`, as bench/classic.ts runs them.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runFix } from '../src/core/engine';
import { describeError } from '../src/core/errors';
import { packageRoot } from '../src/core/files/resources';
import type { FixReport } from '../src/core/types';
import { hashTree } from '../test/helpers/workspace';
import { loadBugList, loadBugSet, makeWorkspace, REAL_PYTHON } from './lib/bug-sets';
import { isExactFix, runFixCli, seconds, type BugTarget } from './lib/fix-runs';
import { tableHead, tableRow } from './lib/markdown-table';
import { benchOptions, listOf, positiveNumber, wholeNumber } from './lib/options';
import { added, countNow, type Counts } from './soak/counts';

type BugSet = 'classic' | 'real';
const BUG_SETS: readonly BugSet[] = ['classic', 'real'];

interface SoakBug {
  set: BugSet;
  target: BugTarget;
  /** The run's test selection; empty runs the whole suite. */
  tests: string[];
  python: string;
  /** Builds the bug's workspace in `folder`. */
  build(folder: string): void;
}

type Outcome = 'fixed' | 'not fixed' | 'nothing to fix' | 'error';

interface BugRun {
  pass: number;
  set: BugSet;
  id: string;
  kind: string;
  outcome: Outcome;
  error?: string;
  exactTop1: boolean;
  candidatesValidated: number;
  wallMs: number;
  /** Workspace paths added, removed or changed since before the first pass: must be none. */
  workspaceChanges: string[];
  /** Counted right after the run, to find the bug behind a leak. */
  fdsAfter: number;
  childrenAfter: number;
  tempEntriesAfter: number;
  cgroupsAfter: number;
  rssMbAfter: number;
  heapUsedMbAfter: number;
}

interface Settings {
  budgetSeconds: number;
  passes: number;
  cli: boolean;
  noModel: boolean;
}

/** What ran: the top of results.json and results.md. */
interface SoakMeta {
  commit: string;
  /** src/ had uncommitted changes when the run started. */
  dirty: boolean;
  date: string;
  engine: string;
  model: string;
  budgetSeconds: number;
  passes: number;
  selection: string;
  pythons: string;
  cpus: number;
  loadAverageAtStart: string;
  loadAverageAtEnd: string;
  node: string;
  /** Memory is measured after a full GC only when node runs with --expose-gc. */
  gcBeforeCounts: boolean;
}

interface Point {
  label: string;
  at: string;
  counts: Counts;
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: packageRoot(), encoding: 'utf8' }).trim();
}

/** Which real-project bugs run: every k-th line of bugs.jsonl, then the first `limit` of those. */
interface RealSample {
  every: number;
  limit: number;
}

function selectBugs(sets: readonly BugSet[], realPython: string, { every, limit }: RealSample): { bugs: SoakBug[]; selection: string } {
  const bugs: SoakBug[] = [];
  const described: string[] = [];
  if (sets.includes('classic')) {
    const classic = loadBugSet('classic');
    for (const { dir, bug } of classic) {
      bugs.push({
        set: 'classic',
        target: bug,
        tests: [],
        python: 'python3',
        build: (folder) => fs.cpSync(dir, folder, { recursive: true }),
      });
    }
    described.push(`classic: all ${classic.length}`);
  }
  if (sets.includes('real')) {
    const all = loadBugList();
    const picked = all.filter((_, i) => i % every === 0).slice(0, limit);
    for (const bug of picked) {
      bugs.push({
        set: 'real',
        target: bug,
        tests: bug.tests,
        python: realPython,
        build: (folder) => makeWorkspace(bug, folder, realPython),
      });
    }
    described.push(
      `real: ${picked.length} of ${all.length} (lines 1, 1+k, 1+2k, ... of bugs.jsonl with k = ${every}${limit < all.length ? `, the first ${limit} of those` : ''})`,
    );
  }
  return { bugs, selection: described.join('; ') };
}

function outcomeOf(report: FixReport | null): Outcome {
  if (!report) return 'error';
  if (report.patches.length > 0) return 'fixed';
  return report.failures.length === 0 ? 'nothing to fix' : 'not fixed';
}

/** One `deepdebug fix`: in this process through the engine (as the sidecar runs it) or through the CLI. */
async function fixOnce(bug: SoakBug, workspace: string, settings: Settings): Promise<{ report: FixReport | null; error?: string }> {
  if (settings.cli) {
    const args = [
      '--python',
      bug.python,
      ...(bug.tests.length ? ['--tests', ...bug.tests] : []),
      ...(settings.noModel ? ['--no-model'] : []),
    ];
    const run = await runFixCli(workspace, args, settings.budgetSeconds);
    return run.report ? { report: run.report } : { report: null, error: `exit ${run.exitCode ?? 'killed'}: ${run.stderrTail}` };
  }
  // The sidecar's cancellation path, as a safety net against a run that never ends.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), (settings.budgetSeconds + 60) * 1000);
  try {
    const report = await runFix(
      {
        workspace,
        tests: bug.tests,
        python: bug.python,
        timeBudgetMs: settings.budgetSeconds * 1000,
        ...(settings.noModel ? { modelDir: null } : {}),
      },
      { signal: controller.signal },
    );
    return { report };
  } catch (error) {
    return { report: null, error: describeError(error) };
  } finally {
    clearTimeout(timer);
  }
}

function changedPaths(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((key) => before.get(key) !== after.get(key)).sort();
}

function sum(runs: readonly BugRun[], test: (r: BugRun) => boolean): number {
  return runs.filter(test).length;
}

function signed(value: number, digits = 0): string {
  const text = value.toFixed(digits);
  return value > 0 ? `+${text}` : text;
}

/** Leaks found, one line each; empty when none. */
function leaks(points: readonly Point[], runs: readonly BugRun[], soakRoot: string, cli: boolean): string[] {
  const found: string[] = [];
  for (const r of runs.filter((run) => run.workspaceChanges.length > 0)) {
    found.push(`pass ${r.pass}, ${r.id}: workspace changed (${r.workspaceChanges.slice(0, 5).join(', ')})`);
  }
  const end = points[points.length - 1]!.counts;
  points.slice(1).forEach((point, i) => {
    const c = point.counts;
    const previous = points[i]!.counts;
    if (c.children.length) found.push(`${point.label}: ${c.children.length} child processes alive: ${c.children.join('; ')}`);
    if (c.strays.length) found.push(`${point.label}: ${c.strays.length} processes still tied to the soak folder: ${c.strays.join('; ')}`);
    if (c.cgroups.length) found.push(`${point.label}: ${c.cgroups.length} validator cgroups of this process left: ${c.cgroups.join(', ')}`);
    const orphans = added(previous.orphanCgroups, c.orphanCgroups);
    // Only --cli runs end their owners; in one process an orphan is another user's.
    if (cli && orphans.length) found.push(`pass ${i + 1} left ${orphans.length} validator cgroups of ended runs: ${orphans.join(', ')}`);
    // Leftovers are reported by the pass that made them, with whether they outlived the run.
    const temp = added(previous.tempEntries, c.tempEntries);
    if (temp.length) {
      const kept = temp.filter((entry) => end.tempEntries.includes(entry)).length;
      found.push(`pass ${i + 1} left ${temp.length} new temp entries (${kept} still there at the end): ${temp.slice(0, 10).join(', ')}`);
    }
    const tempFds = added(previous.fdTargets, c.fdTargets).filter((target) => target.startsWith(soakRoot) || target.endsWith(' (deleted)'));
    if (tempFds.length) found.push(`pass ${i + 1} left descriptors open on temp or deleted files: ${tempFds.join(', ')}`);
  });
  // The first pass may open descriptors once for good (thread pools, lazily loaded libraries);
  // identical later passes must not open more.
  const first = points[1]?.counts;
  for (const point of points.slice(2)) {
    if (first && point.counts.fds > first.fds) {
      found.push(
        `${point.label}: ${point.counts.fds - first.fds} more file descriptors than after pass 1: ${added(first.fdTargets, point.counts.fdTargets).join(', ')}`,
      );
    }
  }
  return found;
}

function markdown(
  meta: SoakMeta,
  bugs: readonly SoakBug[],
  points: readonly Point[],
  runs: readonly BugRun[],
  found: readonly string[],
  finished: boolean,
): string {
  const passRuns = (pass: number): BugRun[] => runs.filter((r) => r.pass === pass);
  const countRow = (point: Point, pass: number | null): string => {
    const c = point.counts;
    const r = pass === null ? [] : passRuns(pass);
    const wall = r.reduce((total, run) => total + run.wallMs, 0) / 60_000;
    const ran = pass === null ? '-' : String(r.length);
    const cells =
      pass === null
        ? ['-', '-', '-', '-', '-']
        : [
            ran,
            String(sum(r, (x) => x.outcome === 'fixed')),
            String(sum(r, (x) => x.exactTop1)),
            String(sum(r, (x) => x.outcome === 'error')),
            String(sum(r, (x) => x.workspaceChanges.length > 0)),
          ];
    return tableRow([
      point.label,
      ...cells,
      c.fds,
      c.children.length,
      c.strays.length,
      c.tempEntries.length,
      c.cgroups.length,
      c.rssMb,
      c.heapUsedMb,
      pass === null ? '-' : wall.toFixed(1),
    ]);
  };
  const deltaRow = (label: string, from: Counts, to: Counts): string =>
    tableRow([
      label,
      signed(to.fds - from.fds),
      signed(to.children.length - from.children.length),
      signed(to.strays.length - from.strays.length),
      signed(to.tempEntries.length - from.tempEntries.length),
      signed(to.cgroups.length - from.cgroups.length),
      signed(to.rssMb - from.rssMb, 1),
      signed(to.heapUsedMb - from.heapUsedMb, 1),
    ]);
  const first = points[0]!.counts;
  const lines = [
    `# Soak run: ${meta.passes} passes of \`deepdebug fix\` over ${bugs.length} bugs${finished ? '' : ' (still running or stopped early)'}`,
    '',
    `Commit ${meta.commit}${meta.dirty ? ' (with uncommitted changes in src/)' : ''}, started ${meta.date}. Engine: ${meta.engine}; ${meta.model}; ` +
      `time budget ${meta.budgetSeconds} s per run. Bugs: ${meta.selection}. Python: ${meta.pythons}. ` +
      `${meta.cpus} CPUs, load average ${meta.loadAverageAtStart} at the start, ${meta.loadAverageAtEnd} at the end; node ${meta.node}; ` +
      `memory counted ${meta.gcBeforeCounts ? 'after a full GC' : 'without a GC (node ran without --expose-gc)'}.`,
    '',
    '## Counts before and after each pass',
    '',
    'fds: open file descriptors of the soak process; child processes: its live descendants; stray processes: any other process whose ' +
      'command line, working folder or environment names the soak folder; temp entries: entries in the private temp folder (TMPDIR of every run); ' +
      'validator cgroups: the pids cgroups the validator made for this process and did not remove.',
    '',
    tableHead([
      'point',
      'bugs run',
      'fixed',
      'exact top-1',
      'errors',
      'workspaces changed',
      'fds',
      'child processes',
      'stray processes',
      'temp entries',
      'validator cgroups',
      'RSS MB',
      'heap used MB',
      'wall min',
    ]),
    ...points.map((point, i) => countRow(point, i === 0 ? null : i)),
    '',
    tableHead(['change', 'fds', 'child processes', 'stray processes', 'temp entries', 'validator cgroups', 'RSS MB', 'heap used MB']),
    ...points.slice(1).map((point, i) => deltaRow(`over pass ${i + 1}`, points[i]!.counts, point.counts)),
    ...(points.length > 2 ? [deltaRow('whole run', first, points[points.length - 1]!.counts)] : []),
    '',
    ...points.slice(1).flatMap((point, i) => {
      const extra = added(points[i]!.counts.fdTargets, point.counts.fdTargets);
      return extra.length ? [`Descriptors opened over pass ${i + 1} and still open: ${extra.join(', ')}.`, ''] : [];
    }),
    `Shared with other users of the machine, for information only: deepdebug-* entries in the machine's temp folder ` +
      `${points.map((p) => p.counts.sharedTempEntries).join(' → ')}; other processes mentioning deepdebug ${points.map((p) => p.counts.otherDeepdebugProcesses).join(' → ')}; ` +
      `validator cgroups whose owner process is gone ${points.map((p) => p.counts.orphanCgroups.length).join(' → ')}.`,
    '',
    '## Verdict',
    '',
    ...(found.length
      ? found.map((line) => `- LEAK: ${line}`)
      : [
          'No leak: no child or stray process, no temp entry, no validator cgroup and no changed workspace after any pass, and no descriptor growth between passes.',
        ]),
    '',
    '## Every bug',
    '',
    'Cells: outcome / exact top-1 / wall s / fds, child processes, temp entries, validator cgroups, RSS MB, heap used MB right after the run.',
    '',
    tableHead(['set', 'bug', 'kind', ...Array.from({ length: meta.passes }, (_, i) => `pass ${i + 1}`), 'workspace changed']),
    ...bugs.map((bug) => {
      const mine = runs.filter((r) => r.id === bug.target.id);
      const cells = Array.from({ length: meta.passes }, (_, i) => {
        const r = mine.find((x) => x.pass === i + 1);
        if (!r) return '-';
        const outcome = r.outcome === 'error' ? `error: ${(r.error ?? '').slice(0, 120)}` : r.outcome;
        return `${outcome} / ${r.exactTop1 ? 'yes' : 'no'} / ${seconds(r.wallMs)} / ${r.fdsAfter}, ${r.childrenAfter}, ${r.tempEntriesAfter}, ${r.cgroupsAfter}, ${r.rssMbAfter}, ${r.heapUsedMbAfter}`;
      });
      return tableRow([
        bug.set,
        `\`${bug.target.id}\``,
        bug.target.kind,
        ...cells,
        mine.some((r) => r.workspaceChanges.length) ? 'YES' : 'no',
      ]);
    }),
    '',
  ];
  return lines.join('\n');
}

async function main(): Promise<number> {
  const { settings, sets, realPython, sample, out } = benchOptions(
    {
      'time-budget': { type: 'string', default: '60' },
      passes: { type: 'string', default: '2' },
      sets: { type: 'string', default: BUG_SETS.join(',') },
      every: { type: 'string', default: '1' },
      limit: { type: 'string' },
      'no-model': { type: 'boolean', default: false },
      cli: { type: 'boolean', default: false },
      python: { type: 'string', default: REAL_PYTHON },
      out: { type: 'string' },
    },
    (values) => ({
      settings: {
        budgetSeconds: positiveNumber('--time-budget', values['time-budget']),
        passes: wholeNumber('--passes', values.passes, 1),
        cli: values.cli,
        noModel: values['no-model'],
      } satisfies Settings,
      sets: listOf('--sets', values.sets, BUG_SETS),
      realPython: values.python,
      sample: {
        every: wholeNumber('--every', values.every, 1),
        limit: values.limit === undefined ? Number.MAX_SAFE_INTEGER : wholeNumber('--limit', values.limit, 0),
      },
      out: values.out,
    }),
  );
  const { bugs, selection } = selectBugs(sets, realPython, sample);

  // Everything the runs make goes under one folder of ours: leftovers and the processes tied
  // to it are then ours for certain, whatever else runs on the machine.
  const sharedTemp = os.tmpdir();
  const soakRoot = fs.realpathSync(fs.mkdtempSync(path.join(sharedTemp, 'dd-soak-')));
  const privateTemp = path.join(soakRoot, 'tmp');
  fs.mkdirSync(privateTemp);
  process.env.TMPDIR = privateTemp;

  const date = new Date().toISOString();
  const commit = git('rev-parse', '--short', 'HEAD');
  const outDir = out ?? path.join(packageRoot(), 'bench', 'results', `${date.slice(0, 10)}-${commit}-soak${settings.cli ? '-cli' : ''}`);
  const meta: SoakMeta = {
    commit: git('rev-parse', 'HEAD'),
    dirty: git('status', '--porcelain', '--', 'src').length > 0,
    date,
    engine: settings.cli ? '`node dist/cli.js fix` per bug' : 'runFix in one Node process for the whole run (as the sidecar hosts it)',
    model: settings.noModel ? 'templates only (--no-model)' : 'the shipped model plus templates (the default)',
    budgetSeconds: settings.budgetSeconds,
    passes: settings.passes,
    selection,
    pythons: [...new Set(bugs.map((b) => `${b.set}: ${b.python}`))].join(', '),
    cpus: os.cpus().length,
    loadAverageAtStart: os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' '),
    loadAverageAtEnd: '-',
    node: process.version,
    gcBeforeCounts: typeof (globalThis as { gc?: unknown }).gc === 'function',
  };
  console.error(
    `${bugs.length} bugs x ${settings.passes} passes, budget ${settings.budgetSeconds} s; soak folder ${soakRoot}; results to ${outDir}`,
  );

  const workspaces = new Map<string, { folder: string; hashes: Map<string, string> }>();
  bugs.forEach((bug, i) => {
    const folder = path.join(soakRoot, 'workspaces', String(i), 'ws');
    fs.mkdirSync(path.dirname(folder), { recursive: true });
    bug.build(folder);
    workspaces.set(bug.target.id, { folder, hashes: hashTree(folder) });
  });

  const points: Point[] = [{ label: 'before pass 1', at: new Date().toISOString(), counts: countNow(soakRoot, privateTemp, sharedTemp) }];
  const runs: BugRun[] = [];
  const write = (finished: boolean): string[] => {
    const found = leaks(points, runs, soakRoot, settings.cli);
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'results.json'), JSON.stringify({ ...meta, leaks: found, points, runs }, null, 2) + '\n');
    fs.writeFileSync(path.join(outDir, 'results.md'), markdown(meta, bugs, points, runs, found, finished));
    return found;
  };
  try {
    for (let pass = 1; pass <= settings.passes; pass++) {
      for (const [i, bug] of bugs.entries()) {
        const workspace = workspaces.get(bug.target.id)!;
        const started = Date.now();
        const { report, error } = await fixOnce(bug, workspace.folder, settings);
        const wallMs = Date.now() - started;
        const best = report?.patches[0];
        const after = countNow(soakRoot, privateTemp, sharedTemp);
        const run: BugRun = {
          pass,
          set: bug.set,
          id: bug.target.id,
          kind: bug.target.kind,
          outcome: outcomeOf(report),
          ...(error !== undefined ? { error } : {}),
          exactTop1: best ? await isExactFix(bug.target, best.newFileText) : false,
          candidatesValidated: report?.stats.candidatesValidated ?? 0,
          wallMs,
          workspaceChanges: changedPaths(workspace.hashes, hashTree(workspace.folder)),
          fdsAfter: after.fds,
          childrenAfter: after.children.length,
          tempEntriesAfter: after.tempEntries.length,
          cgroupsAfter: after.cgroups.length,
          rssMbAfter: after.rssMb,
          heapUsedMbAfter: after.heapUsedMb,
        };
        runs.push(run);
        console.error(
          `pass ${pass} [${i + 1}/${bugs.length}] ${bug.target.id}: ${run.outcome}${error ? ` (${error.split('\n')[0]})` : ''} in ${seconds(wallMs)} s; ` +
            `fds ${run.fdsAfter}, children ${run.childrenAfter}, temp ${run.tempEntriesAfter}, cgroups ${run.cgroupsAfter}, RSS ${run.rssMbAfter} MB, heap ${run.heapUsedMbAfter} MB${run.workspaceChanges.length ? ', WORKSPACE CHANGED' : ''}`,
        );
        write(false);
      }
      // Processes killed at the end of the last run get a moment to be reaped before the count.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      points.push({ label: `after pass ${pass}`, at: new Date().toISOString(), counts: countNow(soakRoot, privateTemp, sharedTemp) });
    }
    meta.loadAverageAtEnd = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    const found = write(true);
    console.log(markdown(meta, bugs, points, runs, found, true).split('## Every bug')[0]);
    console.error(`wrote ${outDir}`);
    return found.length ? 1 : 0;
  } finally {
    fs.rmSync(soakRoot, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  },
);
