import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CanceledError, UserError, throwIfAborted } from '../errors';
import { pythonHelpersDir } from '../resources';
import type { Candidate, Containment } from '../types';
import { planContainment } from './containment';
import { candidateEnvironment } from './environment';
import type { ChildLimits, ResultMessage } from './protocol';
import { coveringTests, type CoverageMap } from './selection';
import { createShadowCopy, removeShadowCopy, type ShadowCopy } from './shadow';
import { verdictOf, type ValidationOutcome } from './verdict';
import { WorkerDiedError, WorkerProcess, type WorkerLaunch } from './worker';

export type { ValidationOutcome, Verdict } from './verdict';
export type { PatchMethod } from './protocol';

// Validates candidate patches against the tests, fast and isolated: N persistent pytest
// sessions on a shadow copy of the workspace, each forking one child per candidate (see
// src/python/deepdebug_worker.py). validate() calls queue over the workers. Candidates run
// contained (see containment.ts): bubblewrap where it works, a minimal environment, limits.

export interface ValidatorOptions {
  workspace: string;
  python: string;
  /** Node ids of the tests the patch must make pass. */
  failing: string[];
  /** Node ids of the tests that passed before and must keep passing. */
  passing: string[];
  /** Parallel workers; default: the number of cores. */
  workers?: number;
  /** Wall time for one candidate (patch + all its tests); default 10 000. */
  perCandidateTimeoutMs?: number;
  /** Address space a candidate may add to its worker's, in MiB; default 2048. */
  memoryLimitMb?: number;
  /** Per test node id: workspace-relative file -> executed lines. */
  coverage?: CoverageMap;
  /** Run candidates in the bubblewrap sandbox where it works; default true. */
  sandbox?: boolean;
  /** Processes and threads one candidate may start; default 256. */
  processLimit?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MEMORY_MB = 2048;
const DEFAULT_PROCESS_LIMIT = 256;

interface Waiter {
  resolve: (worker: WorkerProcess) => void;
  reject: (error: Error) => void;
}

export class ValidatorPool {
  private readonly idle: WorkerProcess[] = [];
  private readonly waiters: Waiter[] = [];
  private disposed = false;
  private disposing: Promise<void> | undefined;
  /** Workers alive or starting; below the requested count a dead one is replaced. */
  private readonly all = new Set<WorkerProcess>();
  private starting = 0;
  private readonly flaky = new Set<string>();
  /** Workers ever launched: names each one's own pytest temp folder. */
  private launched: number;

  private constructor(
    private readonly options: ValidatorOptions,
    private readonly shadow: ShadowCopy,
    private readonly launch: Omit<WorkerLaunch, 'basetemp'>,
    /** Failing tests a patch must fix: collected by the sessions, and not found flaky. */
    private failingTests: string[],
    readonly passing: string[],
    /** Requested tests the sessions did not collect (e.g. collection errors): never validated. */
    readonly uncollected: string[],
    private readonly size: number,
    /** How candidates are contained; reported as FixReport.containment. */
    readonly containment: Containment,
  ) {
    this.launched = size;
  }

  static async start(options: ValidatorOptions, signal?: AbortSignal): Promise<ValidatorPool> {
    throwIfAborted(signal);
    if (!fs.statSync(options.workspace, { throwIfNoEntry: false })?.isDirectory()) {
      throw new UserError('bad-workspace', `workspace is not a folder: ${options.workspace}`);
    }
    if (options.failing.length === 0) throw new UserError('no-tests', 'no failing test to validate patches against');
    const size = Math.max(1, options.workers ?? os.availableParallelism());
    const containment = await planContainment({
      sandbox: options.sandbox ?? true,
      wallMs: options.perCandidateTimeoutMs ?? DEFAULT_TIMEOUT_MS,
      memoryMb: options.memoryLimitMb ?? DEFAULT_MEMORY_MB,
      processes: options.processLimit ?? DEFAULT_PROCESS_LIMIT,
    });
    const shadow = await createShadowCopy(options.workspace);
    const tests = [...new Set([...options.failing, ...options.passing])];
    const helpersDir = pythonHelpersDir();
    const launch: Omit<WorkerLaunch, 'basetemp'> = {
      python: options.python,
      cwd: shadow.workspace,
      helpersDir,
      tests,
      testsFile: path.join(shadow.root, 'tests.json'),
      env: candidateEnvironment(
        process.env,
        await privateFolders(shadow).catch(async (error: unknown) => {
          await removeShadowCopy(shadow);
          throw error;
        }),
        helpersDir,
      ),
      // The real path: bubblewrap mounts onto it, and a symlink on the way (a temp folder
      // behind one) must not make the mount miss the folder the worker sees.
      sandboxWritable: containment.sandbox === 'bubblewrap' ? fs.realpathSync(shadow.root) : null,
      cgroupTasks: containment.limits.processLimitBy === 'pids-cgroup' ? containment.limits.processes : null,
    };
    const started = await Promise.allSettled(
      Array.from({ length: size }, (_, i) => WorkerProcess.start({ ...launch, basetemp: basetempFor(shadow, i) })),
    );
    const workers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failure = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    const cleanup = async () => {
      await Promise.all(workers.map((w) => w.worker.kill()));
      await removeShadowCopy(shadow);
    };
    if (failure || signal?.aborted) {
      await cleanup();
      if (signal?.aborted) throw new CanceledError();
      throw failure!.reason;
    }
    const missing = new Set(workers[0]!.ready.missing);
    const failing = options.failing.filter((id) => !missing.has(id));
    if (failing.length === 0) {
      await cleanup();
      throw new UserError('no-tests', `pytest did not collect the failing tests: ${options.failing.join(', ')}`);
    }
    const pool = new ValidatorPool(
      options,
      shadow,
      launch,
      failing,
      options.passing.filter((id) => !missing.has(id)),
      tests.filter((id) => missing.has(id)),
      size,
      containment,
    );
    for (const { worker } of workers) pool.adopt(worker);
    return pool;
  }

  get failing(): readonly string[] {
    return this.failingTests;
  }

  /** The shadow copy's temp folder (everything the pool writes lives under it). */
  get tempRoot(): string {
    return this.shadow.root;
  }

  /** Process ids of the worker sessions. */
  get workerPids(): number[] {
    return [...this.all].flatMap((w) => (w.pid === undefined ? [] : [w.pid]));
  }

  /**
   * Re-runs the failing tests once on the unpatched code: those that pass now are flaky, and
   * from then on no longer required of a patch (a flaky test is reported, not repaired).
   */
  async recheckFailing(signal?: AbortSignal): Promise<{ stillFailing: string[]; flaky: string[] }> {
    const reply = await this.run({ op: 'check', tests: this.failingTests, ...this.childLimits }, signal);
    const passed = new Set(
      reply.status === 'done'
        ? reply.results.filter((r) => r.outcome === 'passed' || r.outcome === 'xpassed').map((r) => r.nodeid)
        : [],
    );
    for (const id of this.failingTests) if (passed.has(id)) this.flaky.add(id);
    this.failingTests = this.failingTests.filter((id) => !this.flaky.has(id));
    return {
      stillFailing: this.options.failing.filter((id) => !this.flaky.has(id)),
      flaky: this.options.failing.filter((id) => this.flaky.has(id)),
    };
  }

  async validate(candidate: Candidate, signal?: AbortSignal): Promise<ValidationOutcome> {
    const started = Date.now();
    const problem = this.candidateProblem(candidate);
    if (problem) {
      return {
        candidate,
        verdict: 'error',
        validation: { failingFixed: 0, failingTotal: this.failingTests.length, suitePassed: 0, suiteTotal: 0 },
        detail: problem,
        durationMs: Date.now() - started,
        tests: [],
      };
    }
    const covering = coveringTests(
      this.options.coverage,
      this.passing,
      candidate.file,
      candidate.startLine,
      candidate.endLine,
    );
    try {
      const reply = await this.run(
        {
          op: 'validate',
          file: candidate.file,
          source: candidate.newFileText,
          function: candidate.function,
          startLine: candidate.startLine,
          endLine: candidate.endLine,
          failing: this.failingTests,
          passing: this.passing,
          covering,
          ...this.childLimits,
        },
        signal,
      );
      return verdictOf({ candidate, reply, failing: this.failingTests, passing: this.passing, covering });
    } catch (error) {
      if (error instanceof CanceledError) throw error;
      if (this.disposed) throw new CanceledError('validator disposed');
      return {
        candidate,
        // A worker dies under a candidate when the candidate's code kills it: its failure.
        verdict: error instanceof WorkerDiedError ? 'failed' : 'error',
        validation: { failingFixed: 0, failingTotal: this.failingTests.length, suitePassed: 0, suiteTotal: 0 },
        detail: error instanceof Error ? error.message : String(error),
        durationMs: Date.now() - started,
        tests: [],
      };
    }
  }

  /** Stops every worker (and the candidate it runs) and removes the shadow copy. */
  dispose(): Promise<void> {
    this.disposing ??= (async () => {
      this.disposed = true;
      for (const waiter of this.waiters.splice(0)) waiter.reject(new CanceledError('validator disposed'));
      await Promise.all([...this.all].map((worker) => worker.kill()));
      this.all.clear();
      this.idle.length = 0;
      // A replacement still starting kills itself when it finds the pool disposed (see replace).
      while (this.starting > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      await removeShadowCopy(this.shadow);
    })();
    return this.disposing;
  }

  private get childLimits(): ChildLimits {
    const { wallMs, memoryMb, cpuSeconds, fileSizeMb, processes, processLimitBy } = this.containment.limits;
    return { timeoutMs: wallMs, memoryMb, cpuSeconds, fileSizeMb, nproc: processLimitBy === 'rlimit-nproc' ? processes : null };
  }

  private candidateProblem(candidate: Candidate): string | undefined {
    const normalized = path.posix.normalize(candidate.file);
    if (path.isAbsolute(candidate.file) || normalized.startsWith('../') || normalized === '..') {
      return `candidate file is not inside the workspace: ${candidate.file}`;
    }
    if (!fs.statSync(path.join(this.shadow.workspace, normalized), { throwIfNoEntry: false })?.isFile()) {
      return `candidate file does not exist in the workspace: ${candidate.file}`;
    }
    return undefined;
  }

  /** Runs one request on the next free worker; an abort kills the candidate and throws. */
  private async run(
    request: Parameters<WorkerProcess['request']>[0],
    signal: AbortSignal | undefined,
  ): Promise<ResultMessage> {
    throwIfAborted(signal);
    const worker = await this.acquire(signal);
    const onAbort = () => worker.cancel();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const reply = await worker.request(request);
      if (reply.status === 'canceled') throw new CanceledError();
      return reply;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      this.release(worker);
    }
  }

  private acquire(signal: AbortSignal | undefined): Promise<WorkerProcess> {
    if (this.disposed) return Promise.reject(new CanceledError('validator disposed'));
    const worker = this.idle.pop();
    if (worker) return Promise.resolve(worker);
    if (this.all.size === 0 && this.starting === 0) {
      return Promise.reject(new Error('no validation worker is running'));
    }
    return new Promise<WorkerProcess>((resolve, reject) => {
      const waiter: Waiter = {
        resolve: (w) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(w);
        },
        reject,
      };
      const onAbort = () => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new CanceledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  private release(worker: WorkerProcess): void {
    if (this.disposed) return;
    if (!worker.alive) {
      this.all.delete(worker);
      this.replace();
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(worker);
    else this.idle.push(worker);
  }

  private adopt(worker: WorkerProcess): void {
    this.all.add(worker);
    this.release(worker);
  }

  /** Starts a worker in place of one that died (a candidate cannot kill it; a bug might). */
  private replace(): void {
    if (this.all.size + this.starting >= this.size) return;
    this.starting++;
    WorkerProcess.start({ ...this.launch, basetemp: basetempFor(this.shadow, this.launched++) })
      .then(async ({ worker }) => {
        if (this.disposed) await worker.kill();
        else this.adopt(worker);
      })
      .catch(() => {
        // Nothing left to run candidates on: fail whoever waits rather than hang.
        if (this.all.size === 0 && this.starting === 1) {
          for (const waiter of this.waiters.splice(0)) waiter.reject(new Error('validation workers died'));
        }
      })
      .finally(() => this.starting--);
  }
}

/** HOME and the temp folder of the candidates: inside the shadow's folder, the only one they may write. */
async function privateFolders(shadow: ShadowCopy): Promise<{ home: string; temp: string }> {
  const folders = { home: path.join(shadow.root, '.home'), temp: path.join(shadow.root, '.tmp') };
  await Promise.all(Object.values(folders).map((folder) => fs.promises.mkdir(folder)));
  return folders;
}

function basetempFor(shadow: ShadowCopy, index: number): string {
  return path.join(shadow.root, `pytest-tmp-${index}`);
}
