import { spawn } from 'node:child_process';
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
}

const DEFAULT_OUTPUT_LIMIT = 64 * 1024;

export function runInProcessGroup(command: string, args: string[], options: GroupRunOptions): Promise<GroupRunResult> {
  if (options.signal?.aborted) return Promise.reject(new CanceledError());
  const limit = options.outputLimit ?? DEFAULT_OUTPUT_LIMIT;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
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
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);

    const killGroup = (): void => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
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
      if (canceled) {
        reject(new CanceledError());
        return;
      }
      const text = output.subarray(Math.max(0, output.length - limit)).toString('utf8');
      resolve({ code: exit?.code ?? null, signal: exit?.signal ?? null, output: text, timedOut, spawnError });
    });
  });
}
