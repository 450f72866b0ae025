import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { UserError } from '../errors';
import { nodeidFile } from '../pytest/failures';
import { findExecutable } from '../pytest/interpreter';
import { killProcessTree } from '../pytest/process-group';
import { createPidsCgroup, type PidsCgroup } from './limits';
import {
  readWorkerMessage,
  WireError,
  type ReadyMessage,
  type ResultMessage,
  type RunRequest,
  type WorkerMessage,
  type WorkerRequest,
} from '../wire';
import { sandboxArgs } from './sandbox';
import type { ValidatorKind } from '../types';

// One Python worker process: a pytest session on the shadow copy whose test loop serves
// requests (see src/python/deepdebug/server.py). Requests go down fd 3, replies come up fd 4;
// stdout and stderr are drained into a bounded tail for error messages. Where asked, the
// session runs inside the bubblewrap sandbox (which passes the inherited pipes through) and
// inside its own pids cgroup.

const REQUEST_FD = 3;
const REPLY_FD = 4;
const OUTPUT_TAIL_CHARS = 8000;
const QUIT_GRACE_MS = 2000;
/** Tasks the session may start while it collects (conftest code may run commands). */
const STARTUP_TASKS = 64;

export interface WorkerLaunch {
  python: string;
  /** The shadow workspace: the session's working directory. */
  cwd: string;
  helpersDir: string;
  /**
   * What the session collects: test files and folders, relative to `cwd`; empty: what pytest
   * collects by itself there (the whole suite). Which of their tests it serves comes later (serve).
   */
  collect: string[];
  /** This worker's own pytest temp root, inside the shadow's temp folder. */
  basetemp: string;
  /** The session's whole environment (see environment.ts); the protocol's variables are added. */
  env: NodeJS.ProcessEnv;
  /** Run inside bubblewrap, writable only in this folder (null: no sandbox). */
  sandboxWritable: string | null;
  /** Tasks a candidate may add, enforced by a pids cgroup around the session (null: none). */
  cgroupTasks: number | null;
  /** The folders the session puts back after each candidate (World.spec, see shadow.ts). */
  world: string;
  /** How it runs candidates. */
  validator: ValidatorKind;
}

type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never;
/** A request that runs a child, without the id the worker gives it. */
export type WorkerRun = WithoutId<RunRequest>;

export class WorkerDiedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerDiedError';
  }
}

/** The files holding the tests: pytest collects those (an unknown node id would abort it). */
export function testFiles(nodeids: readonly string[]): string[] {
  return [...new Set(nodeids.map(nodeidFile))];
}

export class WorkerProcess {
  private outputTail = '';
  private replyBuffer = '';
  private pending: { id: number; resolve: (reply: ResultMessage) => void; reject: (error: Error) => void } | undefined;
  /** Takes no more requests: a reply said the session ends after it (`sessionEnds`), or the pool retired it. */
  private ending = false;
  private readyWaiter: { resolve: (ready: ReadyMessage) => void; reject: (error: Error) => void } | undefined;
  private exitError: Error | undefined;
  private readonly exitPromise: Promise<void>;
  private nextId = 1;
  private released: Promise<void> | undefined;
  /** Stops the spawning signal from killing the session, once it serves. */
  private spawnAbort: () => void = () => undefined;

  private constructor(
    private readonly child: ChildProcess,
    private readonly cgroup: PidsCgroup | null,
    private readonly launch: WorkerLaunch,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => this.keepOutput(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.keepOutput(chunk));
    (child.stdio[REPLY_FD] as Readable).on('data', (chunk: Buffer) => this.onReplyData(chunk));
    // A worker that dies mid-request must not crash the host with EPIPE.
    (child.stdio[REQUEST_FD] as Writable).on('error', () => undefined);
    this.exitPromise = new Promise((resolve) => {
      child.on('error', (error) => {
        this.onExit(error);
        if (child.pid === undefined) resolve(); // never started: no 'exit' will follow
      });
      child.on('exit', (code, signal) => {
        this.onExit(new WorkerDiedError(`validation worker exited (${signal ?? `status ${code}`}): ${this.tail()}`));
        // A worker that died by itself (a candidate killed it) may leave processes behind.
        void this.release().then(resolve);
      });
    });
  }

  /** Starts a worker and waits until its session serves `tests`; `signal` kills a session still starting. */
  static async start(
    launch: WorkerLaunch,
    tests: readonly string[],
    signal?: AbortSignal,
  ): Promise<{ worker: WorkerProcess; ready: ReadyMessage }> {
    const worker = WorkerProcess.spawn(launch, signal);
    return { worker, ready: await worker.serve(tests, signal) };
  }

  /**
   * Starts a worker's session: it collects `launch.collect`, warms up and then waits to be told
   * which tests to serve (serve), so it can start before those are known. `signal` kills it
   * while it starts.
   */
  static spawn(launch: WorkerLaunch, signal?: AbortSignal): WorkerProcess {
    const env: NodeJS.ProcessEnv = {
      ...launch.env,
      DEEPDEBUG_WORKER_FDS: `${REQUEST_FD},${REPLY_FD}`,
      DEEPDEBUG_WORLD: launch.world,
      DEEPDEBUG_VALIDATOR: launch.validator,
    };
    const python = findExecutable(launch.python, env.PATH);
    if (!python) throw new UserError('no-python', `cannot run the Python interpreter ${launch.python}`);
    const pytestArgs = [
      '-m',
      'pytest',
      '-q',
      '-p',
      'no:cacheprovider',
      // Only the crash line is reported; pytest's long format costs ~0.3 s per failure in a
      // fresh child (source lookups), Python's native one ~40 ms for a RecursionError.
      '--tb=line',
      '-p',
      'deepdebug_worker',
      `--basetemp=${launch.basetemp}`,
      // A test file that fails to import must not stop the session serving the others.
      '--continue-on-collection-errors',
      '--',
      ...launch.collect,
    ];
    let command = [python, ...pytestArgs];
    if (launch.sandboxWritable !== null) command = ['bwrap', ...sandboxArgs([launch.sandboxWritable]), '--', ...command];
    const cgroup = launch.cgroupTasks === null ? null : createPidsCgroup(launch.cgroupTasks + STARTUP_TASKS);
    if (cgroup) {
      // The shell joins the cgroup, then becomes the worker: nothing runs outside it.
      command = ['/bin/sh', '-c', 'echo 0 > "$0" && exec "$@"', path.join(cgroup.dir, 'cgroup.procs'), ...command];
    }
    const child = spawn(command[0]!, command.slice(1), {
      cwd: launch.cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'],
      // Its own process group, so dispose can kill the worker with everything it started.
      detached: true,
    });
    const worker = new WorkerProcess(child, cgroup, launch);
    const onAbort = () => worker.killGroup();
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
    worker.spawnAbort = () => signal?.removeEventListener('abort', onAbort);
    return worker;
  }

  /** Tells the session which tests to serve and waits until it is ready; a session that cannot serve is killed. */
  async serve(tests: readonly string[], signal?: AbortSignal): Promise<ReadyMessage> {
    const onAbort = () => this.killGroup();
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
    const ready = await new Promise<ReadyMessage>((resolve, reject) => {
      if (this.exitError) reject(this.exitError);
      else {
        this.readyWaiter = { resolve, reject };
        this.send({ op: 'serve', tests: [...tests] });
      }
    })
      .catch(async (error: unknown) => {
        await this.kill();
        throw signal?.aborted
          ? new Error(`the pytest session did not start in time: ${this.tail()}`)
          : startError(this.launch.python, error, this.tail());
      })
      .finally(() => {
        signal?.removeEventListener('abort', onAbort);
        this.spawnAbort();
      });
    // From now on the idle session's tasks stay as they are: the rest is the candidate's.
    if (this.cgroup && this.launch.cgroupTasks !== null) this.cgroup.setMax(this.cgroup.current() + this.launch.cgroupTasks);
    return ready;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Running, and not about to end (`ending`). */
  get alive(): boolean {
    return this.exitError === undefined && !this.ending;
  }

  /** Sends one request and waits for its result. One request at a time. */
  request(request: WorkerRun): Promise<ResultMessage> {
    if (this.exitError) return Promise.reject(this.exitError);
    if (this.pending) return Promise.reject(new Error('validation worker is busy'));
    const id = this.nextId++;
    return new Promise<ResultMessage>((resolve, reject) => {
      this.pending = { id, resolve, reject };
      this.send({ ...request, id } as WorkerRequest);
    });
  }

  /** Takes no more requests: the pool replaces it (its next release ends it). */
  retire(): void {
    this.ending = true;
  }

  /** Kills the running candidate's process group; its request resolves with status 'canceled'. */
  cancel(): void {
    if (this.pending) this.send({ op: 'cancel' });
  }

  /** Asks the worker to quit, then kills its process group; resolves once it has exited. */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.send({ op: 'quit' });
      (this.child.stdio[REQUEST_FD] as Writable).end();
      const timer = setTimeout(() => this.killGroup(), QUIT_GRACE_MS);
      await this.exitPromise;
      clearTimeout(timer);
    }
    await this.release();
  }

  /**
   * Kills what the session left: its process group (its own forked children leave it; they
   * die with their parent through PR_SET_PDEATHSIG, and in the sandbox with its PID
   * namespace), then whatever is still in its cgroup. Once, however the worker ended.
   */
  private release(): Promise<void> {
    this.released ??= (async () => {
      this.killGroup();
      await this.cgroup?.destroy();
    })();
    return this.released;
  }

  tail(): string {
    return this.outputTail.trim();
  }

  private killGroup(): void {
    if (this.child.pid !== undefined) killProcessTree(this.child.pid);
  }

  private send(message: WorkerRequest): void {
    const stream = this.child.stdio[REQUEST_FD] as Writable;
    if (!stream.writableEnded) stream.write(JSON.stringify(message) + '\n');
  }

  private keepOutput(chunk: Buffer): void {
    this.outputTail = (this.outputTail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  }

  private onReplyData(chunk: Buffer): void {
    this.replyBuffer += chunk.toString('utf8');
    let newline: number;
    while ((newline = this.replyBuffer.indexOf('\n')) >= 0) {
      const line = this.replyBuffer.slice(0, newline);
      this.replyBuffer = this.replyBuffer.slice(newline + 1);
      if (!line.trim()) continue;
      let message: WorkerMessage;
      try {
        message = readWorkerMessage(line);
      } catch (error) {
        // A worker that does not speak this build's protocol cannot serve: it ends here.
        this.onExit(error as WireError);
        this.killGroup();
        return;
      }
      this.onMessage(message);
    }
  }

  private onMessage(message: WorkerMessage): void {
    if (message.op === 'ready') {
      this.readyWaiter?.resolve(message);
      this.readyWaiter = undefined;
    } else if (this.pending && message.id === this.pending.id) {
      const { resolve } = this.pending;
      this.pending = undefined;
      // Set before the caller sees the reply: it must not send another request.
      if (message.sessionEnds) this.ending = true;
      resolve(message);
    }
  }

  private onExit(error: Error): void {
    this.exitError ??= error;
    this.readyWaiter?.reject(this.exitError);
    this.readyWaiter = undefined;
    this.pending?.reject(this.exitError);
    this.pending = undefined;
  }
}

function startError(python: string, error: unknown, output: string): Error {
  if (error instanceof WireError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'EACCES') {
    return new UserError('no-python', `cannot run the Python interpreter ${python}`, { cause: error });
  }
  if (/No module named pytest/.test(output)) {
    return new UserError('no-pytest', `pytest is not installed for ${python}`, { cause: error });
  }
  if (/ERROR: (file or directory )?not found:/.test(output)) {
    return new UserError('no-tests', `pytest did not collect the requested tests: ${output.split('\n').slice(-3).join(' ')}`, {
      cause: error,
    });
  }
  const lastLines = output.split('\n').slice(-5).join('\n');
  return new UserError('pytest-usage', `the validation worker's pytest session did not start: ${lastLines}`, {
    cause: error,
  });
}
