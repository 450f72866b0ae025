// Running `deepdebug fix` for a benchmark and scoring what it reports: shared by every runner
// that runs the CLI on a bug set (bench/classic.ts, bench/real/run.ts, bench/search.ts, ...).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { normalizeCode } from '../../src/core/generate/candidate';
import { packageRoot } from '../../src/core/files/resources';
import { listFunctions } from '../../src/core/syntax/functions';
import type { FixReport, TimelineStep } from '../../src/core/types';
import { markdownTable } from './markdown-table';

/** templates: `--no-model`; model: the default (model + templates; templates alone when no model ships). */
export type Mode = 'templates' | 'model';
export const MODES: readonly Mode[] = ['templates', 'model'];

/** The bug a run is scored against: the function that holds it and its correct text. */
export interface BugTarget {
  id: string;
  kind: string;
  function: string;
  fixedFunction: string;
  /** First line of the function in the buggy file; picks among functions sharing a qualname (a property's getter and setter). */
  startLine?: number;
  /** Where the wrong literal is a constant the function reads (bench/missing): the constant's right assignment line. */
  fixedConstant?: { name: string; line: number; text: string };
}

export interface BugResult {
  id: string;
  kind: string;
  mode: Mode;
  exitCode: number | null;
  /** At least one validated patch. */
  fixed: boolean;
  /** The best-ranked validated patch restores the original function (after normalizeCode). */
  exactTop1: boolean;
  /** Some validated patch restores it. */
  exactAny: boolean;
  /** The best patch passes the tests but is not the original: a possible false positive. */
  plausibleNotExact: boolean;
  /** Function and edit kind of the best patch, e.g. "compose off-by-one". */
  bestPatch: string | null;
  timeToFirstFixMs: number | null;
  /** From the report's timeline (ms since the run's start): localization's end, the validator ready, the first candidate handed out. */
  localizedMs: number | null;
  poolReadyMs: number | null;
  firstCandidateMs: number | null;
  candidatesGenerated: number;
  candidatesValidated: number;
  wallMs: number;
  /** Peak of the summed resident memory of the CLI's process tree (sampled; see peakTreeRss). */
  peakRssMb: number | null;
  /** The model line of the report (which model ran, or why none did). */
  modelNote: string | null;
  /** Last lines of stderr when the CLI neither found nor missed a fix: bad input (2), nothing to fix (3: the bug did not reproduce), killed. */
  error?: string;
}

/** `--modes templates,model`: the modes to run, all by default (read with listOf). */
export const MODES_OPTION = { type: 'string', default: MODES.join(',') } as const;

async function functionText(fileText: string, qualname: string, nearLine: number): Promise<string | null> {
  const named = (await listFunctions(fileText)).filter((f) => f.qualname === qualname);
  const fn = named.sort((a, b) => Math.abs(a.startLine - nearLine) - Math.abs(b.startLine - nearLine))[0];
  if (!fn) return null;
  return fileText
    .split('\n')
    .slice(fn.startLine - 1, fn.endLine)
    .join('\n');
}

/** Whether the patched file's version of the bug's function equals the correct one (and its constant's line, where the bug is there). */
export async function isExactFix(bug: BugTarget, newFileText: string): Promise<boolean> {
  const patched = await functionText(newFileText, bug.function, bug.startLine ?? 0);
  const constant = bug.fixedConstant?.text.trim();
  if (constant !== undefined && !newFileText.split('\n').some((line) => line.trim() === constant)) return false;
  return patched !== null && normalizeCode(patched) === normalizeCode(bug.fixedFunction);
}

const PAGE_BYTES = 4096;

/** Pids of `root` and all its descendants, from /proc. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: fields resume after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended between listing and reading.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** Summed resident set of a process tree in bytes (pages shared by forked children count once per process). */
function treeRss(root: number): number {
  let total = 0;
  for (const pid of processTree(root)) {
    try {
      total += Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_BYTES;
    } catch {
      // Gone already.
    }
  }
  return total;
}

/** Whether the CLI ended as a run does (0 a fix, 1 none, 4 only unconfirmed patches), not with an error or a kill. */
export function ranNormally(exitCode: number | null): boolean {
  return exitCode === 0 || exitCode === 1 || exitCode === 4;
}

export interface FixRun {
  exitCode: number | null;
  report: FixReport | null;
  wallMs: number;
  peakRssMb: number | null;
  stderrTail: string;
}

/**
 * Runs `deepdebug fix <workspace> ...args --time-budget <budget> --json <tmp>` from `cli` (this build's dist/cli.js),
 * sampling its process tree's memory every 250 ms; killed (with its tree) at budget + 60 s.
 */
export async function runFixCli(
  workspace: string,
  args: readonly string[],
  budgetSeconds: number,
  cli = path.join(packageRoot(), 'dist', 'cli.js'),
  env: NodeJS.ProcessEnv = {},
): Promise<FixRun> {
  const reportPath = path.join(path.dirname(workspace), `${path.basename(workspace)}-report.json`);
  const started = Date.now();
  const child = spawn(process.execPath, [cli, 'fix', workspace, ...args, '--time-budget', String(budgetSeconds), '--json', reportPath], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  let peak = 0;
  const sample = (): void => {
    if (child.pid !== undefined) peak = Math.max(peak, treeRss(child.pid));
  };
  const sampler = setInterval(sample, 250);
  const killer = setTimeout(
    () => {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    },
    (budgetSeconds + 60) * 1000,
  );
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  clearInterval(sampler);
  clearTimeout(killer);
  const report: FixReport | null = fs.existsSync(reportPath) ? JSON.parse(fs.readFileSync(reportPath, 'utf8')) : null;
  fs.rmSync(reportPath, { force: true });
  return {
    exitCode,
    report,
    wallMs: Date.now() - started,
    peakRssMb: peak > 0 ? Math.round(peak / 2 ** 20) : null,
    stderrTail: stderr.trim().split('\n').slice(-3).join('\n'),
  };
}

/** When a step of the report's timeline ended (ms since the run's start); null when it did not run (or an older build has no timeline). */
export function stepEnd(report: FixReport | null, step: TimelineStep): number | null {
  return report?.stats.timeline?.find((entry) => entry.step === step)?.endMs ?? null;
}

/** Scores one CLI run against the bug it was meant to fix. */
export async function scoreRun(bug: BugTarget, mode: Mode, run: FixRun): Promise<BugResult> {
  const patches = run.report?.patches ?? [];
  const exact = await Promise.all(patches.map((p) => isExactFix(bug, p.newFileText)));
  const best = patches[0];
  const result: BugResult = {
    id: bug.id,
    kind: bug.kind,
    mode,
    exitCode: run.exitCode,
    fixed: patches.length > 0,
    exactTop1: exact[0] ?? false,
    exactAny: exact.some(Boolean),
    plausibleNotExact: patches.length > 0 && !exact[0],
    bestPatch: best ? `${best.function} ${best.editKind}` : null,
    timeToFirstFixMs: run.report?.stats.timeToFirstFixMs ?? null,
    localizedMs: stepEnd(run.report, 'localize'),
    poolReadyMs: stepEnd(run.report, 'pool-start'),
    firstCandidateMs: stepEnd(run.report, 'first-candidate'),
    candidatesGenerated: run.report?.stats.candidatesGenerated ?? 0,
    candidatesValidated: run.report?.stats.candidatesValidated ?? 0,
    wallMs: run.wallMs,
    peakRssMb: run.peakRssMb,
    modelNote: run.report ? [run.report.model.name ?? 'no model', run.report.model.note].filter(Boolean).join(': ') : null,
  };
  if (!ranNormally(run.exitCode)) result.error = run.stderrTail;
  return result;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function seconds(ms: number | null): string {
  return ms === null ? '-' : (ms / 1000).toFixed(1);
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '-' : `${part} (${Math.round((100 * part) / whole)}%)`;
}

/** One mode's (or one kind's) headline numbers. */
export interface Summary {
  bugs: number;
  fixed: number;
  exactTop1: number;
  exactAny: number;
  plausibleNotExact: number;
  medianFirstFixMs: number | null;
  medianCandidatesValidated: number | null;
  medianPeakRssMb: number | null;
}

export function summarize(results: readonly BugResult[]): Summary {
  const fixed = results.filter((r) => r.fixed);
  return {
    bugs: results.length,
    fixed: fixed.length,
    exactTop1: results.filter((r) => r.exactTop1).length,
    exactAny: results.filter((r) => r.exactAny).length,
    plausibleNotExact: results.filter((r) => r.plausibleNotExact).length,
    medianFirstFixMs: median(fixed.map((r) => r.timeToFirstFixMs).filter((t): t is number => t !== null)),
    medianCandidatesValidated: median(results.map((r) => r.candidatesValidated)),
    medianPeakRssMb: median(results.map((r) => r.peakRssMb).filter((m): m is number => m !== null)),
  };
}

/** A markdown table with one row per labelled summary, e.g. one per mode or per bug kind. */
export function summaryTable(label: string, rows: ReadonlyArray<readonly [string, Summary]>): string {
  return markdownTable(
    [
      label,
      'bugs',
      'fixed (any validated)',
      'exact top-1',
      'exact in any patch',
      'plausible, not exact (share of fixed)',
      'median first fix s',
      'median candidates validated',
      'median peak MB',
    ],
    rows.map(([name, s]) => [
      name,
      s.bugs,
      percent(s.fixed, s.bugs),
      percent(s.exactTop1, s.bugs),
      percent(s.exactAny, s.bugs),
      percent(s.plausibleNotExact, s.fixed),
      seconds(s.medianFirstFixMs),
      s.medianCandidatesValidated ?? '-',
      s.medianPeakRssMb ?? '-',
    ]),
  );
}

/** Which build ran: a baseline checkout's dist/cli.js, or this checkout's. */
export type Build = 'baseline' | 'this';

/**
 * Each bug run by both builds, one after the other, taking turns at going first (a machine
 * that warms up or slows down weighs on both alike); `progress` gives each run's line for
 * stderr. Exits 2 when the baseline checkout has no build.
 */
export async function sideBySide<B, R>(
  baseline: string,
  bugs: readonly B[],
  run: (bug: B, build: Build) => Promise<R>,
  progress: (bug: B, build: Build, row: R) => string,
): Promise<R[]> {
  if (!fs.existsSync(path.join(baseline, 'dist', 'cli.js'))) {
    console.error(`no dist/cli.js in ${baseline}: build the baseline checkout first`);
    process.exit(2);
  }
  const rows: R[] = [];
  for (const [index, bug] of bugs.entries()) {
    const order: Build[] = index % 2 === 0 ? ['baseline', 'this'] : ['this', 'baseline'];
    for (const build of order) {
      const row = await run(bug, build);
      rows.push(row);
      console.error(progress(bug, build, row));
    }
  }
  return rows;
}
