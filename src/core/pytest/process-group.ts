import { spawn, spawnSync } from 'node:child_process';
import * as os from 'node:os';
import { CanceledError } from '../errors';

// Runs a command as the leader of its own process group, so that a timeout or a cancel ends
// everything it started (pytest, the tests' own subprocesses), and keeps the tail of its output.

export interface GroupRunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Kill the group after this long; the result then has timedOut set. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Bytes of stdout+stderr kept, from the end. */
  outputLimit?: number;
  /**
   * The command may say it has done what it was run for before it exits, by writing to the
   * file descriptor DONE_FD: the run then settles at once (with `windingDown`), and the rest
   * of the command (for pytest: other plugins' summaries, its unconfigure, the interpreter's
   * exit) goes on at the lowest CPU priority until it exits, times out or is canceled.
   */
  acceptsDone?: boolean;
}

export interface GroupRunResult {
  /** Exit status, or null when a signal ended the process. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last outputLimit bytes of stdout and stderr, interleaved as they arrived. */
  output: string;
  timedOut: boolean;
  /** Set when the command could not be started at all (ENOENT, EACCES). */
  spawnError?: NodeJS.ErrnoException;
  /**
   * Set when the command said it was done (GroupRunOptions.acceptsDone) before it exited: code
   * and signal are then null, and this settles once the group is gone.
   */
  windingDown?: Promise<void>;
}

/** The file descriptor a command started with acceptsDone writes to when it is done. */
export const DONE_FD = 3;

const DEFAULT_OUTPUT_LIMIT = 64 * 1024;
/** The nice value of a command winding down after it said it was done: it yields to everything else. */
const WINDING_DOWN_PRIORITY = 19;

/**
 * Ends a process started detached and everything it started: its process group, or on Windows
 * (no process groups; a negative pid throws there) its tree, by taskkill. Gone already: nothing.
 */
export function killProcessTree(pid: number, platform: NodeJS.Platform = process.platform, run: typeof spawnSync = spawnSync): void {
  if (platform === 'win32') {
    run('taskkill', ['/PID', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
    return;
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

export function runInProcessGroup(command: string, args: string[], options: GroupRunOptions): Promise<GroupRunResult> {
  if (options.signal?.aborted) return Promise.reject(new CanceledError());
  const limit = options.outputLimit ?? DEFAULT_OUTPUT_LIMIT;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', options.acceptsDone ? 'pipe' : 'ignore'],
    });
    let output = Buffer.alloc(0);
    let timedOut = false;
    let canceled = false;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    let spawnError: NodeJS.ErrnoException | undefined;

    const keep = (chunk: Buffer): void => {
      output = Buffer.concat([output, chunk]);
      if (output.length > 2 * limit) output = output.subarray(output.length - limit);
    };
    child.stdout?.on('data', keep); // piped: always there
    child.stderr?.on('data', keep);

    const killGroup = (): void => {
      if (child.pid !== undefined) killProcessTree(child.pid);
    };
    const timer =
      options.timeoutMs !== undefined
        ? setTimeout(() => {
            timedOut = true;
            killGroup();
          }, options.timeoutMs)
        : undefined;
    const onAbort = (): void => {
      canceled = true;
      killGroup();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });

    let ended = (): void => undefined;
    let settledEarly = false;
    const done = child.stdio[DONE_FD];
    done?.once('data', () => {
      if (exit !== null || canceled || timedOut) return;
      settledEarly = true;
      try {
        os.setPriority(child.pid!, WINDING_DOWN_PRIORITY); // spawned: it wrote to us
      } catch {
        // It exited in the meantime.
      }
      const text = output.subarray(Math.max(0, output.length - limit)).toString('utf8');
      const windingDown = new Promise<void>((resolveEnd) => (ended = resolveEnd));
      resolve({ code: null, signal: null, output: text, timedOut: false, windingDown });
    });
    done?.on('error', () => undefined); // A broken pipe to a dying command says nothing new.

    child.on('error', (error: NodeJS.ErrnoException) => {
      spawnError = error;
    });
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      // Leftover grandchildren would hold the pipes open and keep 'close' from ever firing.
      killGroup();
    });
    child.on('close', () => {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (settledEarly) {
        ended();
        return;
      }
      if (canceled) {
        reject(new CanceledError());
        return;
      }
      const text = output.subarray(Math.max(0, output.length - limit)).toString('utf8');
      resolve({ code: exit?.code ?? null, signal: exit?.signal ?? null, output: text, timedOut, spawnError });
    });
  });
}
