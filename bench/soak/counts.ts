// What a leak would leave behind, counted from /proc and the temp folders: this process's open
// file descriptors and memory, its live child processes, any other process still tied to the
// soak's folder, and leftover temp entries. The soak run (bench/soak.ts) counts before and
// after each pass; a difference that survives a pass is a leak.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cgroupOwner, pidsCgroupBase, processAlive } from '../../src/core/validate/limits';
import { processTree } from '../lib/fix-runs';

export interface Counts {
  /** Open file descriptors of this process. */
  fds: number;
  /** What each descriptor points at (a path, pipe, socket, anon_inode:[eventfd], ...), sorted. */
  fdTargets: string[];
  /** Live (or unreaped) descendants of this process, as "pid command". */
  children: string[];
  /** Other processes whose command line, working folder or environment names the soak folder (orphans of ours). */
  strays: string[];
  /** The validator's pids cgroups (deepdebug-<owner pid>-<n>) owned by this process. */
  cgroups: string[];
  /** The validator's pids cgroups whose owner process is gone (any user of the machine; with --cli, our runs' among them). */
  orphanCgroups: string[];
  /** Entries in the soak's private temp folder (TMPDIR of this process and everything it starts). */
  tempEntries: string[];
  /** Processes on the machine whose command line mentions deepdebug, not ours: shared with other users of the machine, for information. */
  otherDeepdebugProcesses: number;
  /** deepdebug-* entries in the machine's temp folder: shared with other users of the machine, for information. */
  sharedTempEntries: number;
  rssMb: number;
  heapUsedMb: number;
}

function readProc(pid: string, file: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    // The process ended, or the file is not readable: nothing to match.
    return '';
  }
}

function linkTarget(link: string): string | null {
  try {
    return fs.readlinkSync(link);
  } catch {
    return null;
  }
}

function describe(pid: number): string {
  const command = readProc(String(pid), 'cmdline') || `[${readProc(String(pid), 'comm')}]`;
  return `${pid} ${command.slice(0, 200)}`;
}

function openFds(): string[] {
  const targets: string[] = [];
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    // The descriptor readdir itself used is closed by now: its link no longer resolves.
    const target = linkTarget(`/proc/self/fd/${fd}`);
    // Pipe and socket inode numbers change as they are replaced; the kind is what is compared.
    if (target !== null) targets.push(target.replace(/^(\w+):\[\d+\]$/, '$1'));
  }
  return targets.sort();
}

/** The validator's cgroups, split into this process's and those of owners that are gone. */
function validatorCgroups(): { cgroups: string[]; orphanCgroups: string[] } {
  const base = pidsCgroupBase();
  const cgroups: string[] = [];
  const orphanCgroups: string[] = [];
  for (const name of base ? fs.readdirSync(base) : []) {
    const owner = cgroupOwner(name);
    if (owner === null) continue;
    if (owner === process.pid) cgroups.push(path.join(base!, name));
    else if (!processAlive(owner)) orphanCgroups.push(path.join(base!, name));
  }
  return { cgroups, orphanCgroups };
}

function megabytes(bytes: number): number {
  return Math.round((bytes / 2 ** 20) * 10) / 10;
}

/**
 * Counts now. `soakRoot` holds the workspaces and the private temp folder `privateTemp`;
 * `sharedTemp` is the machine's temp folder. Runs a full GC first when node has --expose-gc.
 */
export function countNow(soakRoot: string, privateTemp: string, sharedTemp: string): Counts {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const ours = new Set(processTree(process.pid));
  const strays: string[] = [];
  let otherDeepdebugProcesses = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || ours.has(Number(pid))) continue;
    const cmdline = readProc(pid, 'cmdline');
    const tied = [cmdline, linkTarget(`/proc/${pid}/cwd`) ?? '', readProc(pid, 'environ')].some((text) => text.includes(soakRoot));
    if (tied) strays.push(describe(Number(pid)));
    else if (/deepdebug/i.test(cmdline)) otherDeepdebugProcesses++;
  }
  const fdTargets = openFds();
  const memory = process.memoryUsage();
  return {
    fds: fdTargets.length,
    fdTargets,
    children: [...ours].filter((pid) => pid !== process.pid).map(describe),
    strays,
    ...validatorCgroups(),
    tempEntries: fs.readdirSync(privateTemp).map((name) => path.join(privateTemp, name)),
    otherDeepdebugProcesses,
    sharedTempEntries: fs.readdirSync(sharedTemp).filter((name) => name.startsWith('deepdebug-')).length,
    rssMb: megabytes(memory.rss),
    heapUsedMb: megabytes(memory.heapUsed),
  };
}

/** Items of `after` not in `before`, counting repeats (two descriptors on one file are two). */
export function added(before: readonly string[], after: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const item of before) left.set(item, (left.get(item) ?? 0) + 1);
  const extra: string[] = [];
  for (const item of after) {
    const n = left.get(item) ?? 0;
    if (n > 0) left.set(item, n - 1);
    else extra.push(item);
  }
  return extra;
}
