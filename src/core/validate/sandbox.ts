import { execFile } from 'node:child_process';
import * as fs from 'node:fs';

// The bubblewrap sandbox the validation workers (and so every candidate they fork) run in:
// the whole filesystem read-only, writable only the validator's own folder (the shadow copy
// and the private HOME and temp folders inside it), a fresh /dev and /proc, no network (a
// new network namespace has only its own loopback), and a new PID namespace, so the worker
// and everything its candidates start die together with the namespace's init, and no
// process outside it can be seen or signalled.

export type SandboxProbe = { available: true } | { available: false; reason: string };

const PROBE_TIMEOUT_MS = 10_000;

let probed: Promise<SandboxProbe> | undefined;

/** Whether bubblewrap exists and can start a sandbox here; tried once per process. */
export function probeSandbox(): Promise<SandboxProbe> {
  probed ??= runProbe();
  return probed;
}

function runProbe(): Promise<SandboxProbe> {
  if (process.platform !== 'linux') return Promise.resolve({ available: false, reason: 'not Linux' });
  return new Promise((resolve) => {
    execFile(
      'bwrap',
      [...sandboxArgs([]), '--', 'true'],
      { timeout: PROBE_TIMEOUT_MS, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
      (error, _stdout, stderr) => {
        if (!error) resolve({ available: true });
        else if ((error as NodeJS.ErrnoException).code === 'ENOENT') resolve({ available: false, reason: 'bubblewrap not found' });
        else {
          // Typically a container or a kernel that forbids the namespaces bubblewrap needs.
          const why = stderr.trim().split('\n').at(-1) || error.message;
          resolve({ available: false, reason: `bubblewrap failed to start: ${why}` });
        }
      },
    );
  });
}

/**
 * Folders the sandbox itself gives its processes, fresh and writable (beside the ones bound
 * in): candidates can write there too, so a worker puts them back after each candidate.
 */
export function sandboxScratch(): string[] {
  return hasRun() ? ['/run', '/dev/shm'] : ['/dev/shm'];
}

function hasRun(): boolean {
  return fs.existsSync('/run');
}

/** bubblewrap's options (before `--` and the command) for a sandbox writable only in `writable`. */
export function sandboxArgs(writable: readonly string[]): string[] {
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'];
  // Sockets of local services (a container runtime's, the session bus) live under /run; a
  // read-only mount does not stop connecting to a socket, an empty folder does.
  if (hasRun()) args.push('--tmpfs', '/run');
  for (const folder of writable) args.push('--bind', folder, folder);
  args.push('--unshare-net', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--die-with-parent');
  return args;
}
