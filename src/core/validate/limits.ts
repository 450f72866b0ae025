import * as fs from 'node:fs';
import * as path from 'node:path';

// The process-count limit of a validation worker and its candidates: a pids cgroup per
// worker. RLIMIT_NPROC is no substitute for root, whom the kernel exempts from it (even
// inside a user namespace), so where we may create pids cgroups we use them: cgroup v1's
// pids hierarchy, or a cgroup v2 subtree delegated to us with the pids controller enabled.
// The worker joins its cgroup before it starts (a shell wrapper writes itself into
// cgroup.procs, then execs), so everything it forks is counted and can be found again.

export interface PidsCgroup {
  dir: string;
  /** Caps the tasks (processes and threads) in the cgroup. */
  setMax(tasks: number): void;
  /** Tasks in the cgroup now. */
  current(): number;
  /** SIGKILLs every process in the cgroup, until none is left; then removes it. */
  destroy(): Promise<void>;
}

const PREFIX = 'deepdebug-';
const DRAIN_ATTEMPTS = 100;
const DRAIN_PAUSE_MS = 20;

let base: string | null | undefined;

/** The folder we create pids cgroups in, or null where we may not; found once per process. */
export function pidsCgroupBase(): string | null {
  if (base === undefined) {
    base = process.platform === 'linux' ? ([v1Base(), v2Base()].find((dir) => dir !== null && usable(dir)) ?? null) : null;
    if (base) removeStale(base);
  }
  return base;
}

/** Our own cgroup in a hierarchy, from /proc/self/cgroup ("id:controllers:path" lines). */
function ownCgroup(controllers: (list: string) => boolean): string | null {
  try {
    const line = fs
      .readFileSync('/proc/self/cgroup', 'utf8')
      .split('\n')
      .find((l) => controllers(l.split(':')[1] ?? '-'));
    return line === undefined ? null : line.split(':').slice(2).join(':');
  } catch {
    return null;
  }
}

/** Below our own cgroup in cgroup v1's pids hierarchy, so its own limits still apply. */
function v1Base(): string | null {
  const own = ownCgroup((list) => list.split(',').includes('pids'));
  const dir = own === null ? null : path.join('/sys/fs/cgroup/pids', own);
  return dir && fs.existsSync(path.join(dir, 'cgroup.procs')) ? dir : null;
}

/** Our own cgroup v2, where pids is enabled for its children (systemd delegation). */
function v2Base(): string | null {
  const own = ownCgroup((list) => list === '');
  if (own === null) return null;
  const dir = path.join('/sys/fs/cgroup', own);
  try {
    return fs.readFileSync(path.join(dir, 'cgroup.subtree_control'), 'utf8').split(/\s+/).includes('pids') ? dir : null;
  } catch {
    return null;
  }
}

function usable(dir: string): boolean {
  const probe = path.join(dir, `${PREFIX}probe-${process.pid}`);
  try {
    fs.mkdirSync(probe);
    fs.writeFileSync(path.join(probe, 'pids.max'), 'max');
    return true;
  } catch {
    return false;
  } finally {
    try {
      fs.rmdirSync(probe);
    } catch {
      // Never made.
    }
  }
}

/** Empty cgroups left by a host process that is gone (killed before it could remove them). */
function removeStale(dir: string): void {
  for (const name of fs.readdirSync(dir)) {
    const owner = cgroupOwner(name);
    if (owner === null || processAlive(owner)) continue;
    try {
      fs.rmdirSync(path.join(dir, name));
    } catch {
      // Still has processes, or another host removed it first.
    }
  }
}

/** The pid of the host process that made a cgroup of ours (named `deepdebug-<pid>-<n>`), else null. */
export function cgroupOwner(name: string): number | null {
  const owner = new RegExp(`^${PREFIX}(\\d+)-`).exec(name);
  return owner ? Number(owner[1]) : null;
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

let created = 0;

/** A new pids cgroup for one worker, capped at `tasks`; null where pids cgroups are not ours. */
export function createPidsCgroup(tasks: number): PidsCgroup | null {
  const parent = pidsCgroupBase();
  if (!parent) return null;
  const dir = path.join(parent, `${PREFIX}${process.pid}-${created++}`);
  try {
    fs.mkdirSync(dir);
  } catch {
    return null;
  }
  const cgroup: PidsCgroup = {
    dir,
    setMax: (n) => fs.writeFileSync(path.join(dir, 'pids.max'), String(n)),
    current: () => Number(fs.readFileSync(path.join(dir, 'pids.current'), 'utf8')),
    destroy: () => destroyCgroup(dir),
  };
  cgroup.setMax(tasks);
  return cgroup;
}

function members(dir: string): number[] {
  try {
    return fs.readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function destroyCgroup(dir: string): Promise<void> {
  for (let attempt = 0; attempt < DRAIN_ATTEMPTS; attempt++) {
    const pids = members(dir);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Exited meanwhile.
      }
    }
    try {
      fs.rmdirSync(dir);
      return;
    } catch (error) {
      // EBUSY until the killed processes are reaped.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    }
    await new Promise((resolve) => setTimeout(resolve, DRAIN_PAUSE_MS));
  }
}
