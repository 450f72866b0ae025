import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CanceledError, UserError, throwIfAborted } from '../errors';
import type { Candidate, Containment, OrderDependence, TestResult, WorldFidelity } from '../types';
import { planContainment, sandboxFor } from './containment';
import { EarlyStart, removeEarly } from './early-start';
import { DEFAULT_MEMORY_MB, DEFAULT_PROCESS_LIMIT, DEFAULT_TIMEOUT_MS, validatorFor, type ValidatorOptions } from './options';
import { serveSession, startSession, type Session, type SessionLaunch } from './session';
import { environmentFor, type PassedEnvironment } from './environment';
import { likelyUserBase } from './user-site';
import { nodeidFile } from '../pytest/failures';
import { halves, judgeReproduction, reproducesFailure } from './reproduce';
import type { CallOutcome, CallTarget, ChildLimits, RecordRequest, Recording, ReplayCall, ResultMessage, WireTestResult } from '../wire';
import { coveringTests } from './selection';
import { createShadowCopy, removeShadowCopy, removeWorld, type ShadowCopy, type World } from './shadow';
import { verdictOf, type ValidationOutcome } from './verdict';
import { testFiles, WorkerDiedError, WorkerProcess } from './worker';
import type { SandboxProbe } from './sandbox';

export type { ValidationOutcome, Verdict } from './verdict';
export { brokenTests, isFixed } from './verdict';
export { harmfulCandidate, harmWarning } from './effects';
export type { PatchMethod } from '../wire';
export type { ValidatorOptions } from './options';
export { EarlyStart } from './early-start';
export { KeptPools, perRunPools, type PoolStarter } from './kept-pools';

// Validates candidate patches against the tests, fast and isolated: N persistent pytest
// sessions, each on a world of its own (a copy of the workspace, private home and temp
// folders; see shadow.ts), each forking one child per candidate and putting its world's files
// back after each (see src/python/deepdebug_worker.py), so no candidate sees another's files.
// validate() calls queue over the workers; recheck() runs a validated patch once more in a
// fresh world and a new session. Candidates run contained (see containment.ts): bubblewrap
// where it works, a minimal environment, limits.

/** A re-check runs tests through pytest's whole protocol in a fresh session: slower than they ran before. */
const RECHECK_SLACK = 3;
const RECHECK_PER_TEST_MS = 3;
/** The reproduce runs take the tests' own time, however long: up to this, beyond a candidate's limit. */
const REPRODUCE_CEILING_MS = 120_000;
/** Halvings in the search for a failing test's polluters: enough for a run of 2^12 tests before it. */
const MAX_HALVINGS = 12;

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
  /** Whether candidates get the short wall limit: a candidate (or the first run) timed out. */
  private shortened: boolean;
  private readonly worlds = new Map<WorkerProcess, World>();
  /** Tests that make a failing one fail (order-dependent failures): run before the failing tests. */
  private prelude: string[] = [];
  /** Paths outside the project the unpatched code's runs changed: a candidate's changing them is no harm (effects.ts). */
  private readonly unpatchedEffects = new Set<string>();

  private constructor(
    private readonly options: ValidatorOptions,
    private readonly shadow: ShadowCopy,
    private readonly launch: SessionLaunch,
    /** Failing tests a patch must fix: collected by the sessions, and not found flaky. */
    private failingTests: string[],
    private passingTests: string[],
    /** Requested tests the sessions did not collect (e.g. collection errors): never validated. */
    readonly uncollected: string[],
    private readonly size: number,
    /** How candidates are contained; reported as FixReport.containment. */
    readonly containment: Containment,
    /** The variables of the user's run candidates get, and those withheld. */
    readonly environment: PassedEnvironment,
    /** Whether its first sessions were begun beside the first run or kept from an earlier one (see early-start.ts). */
    readonly startedEarly: boolean,
    /** Whether the sandbox can be used here: a kept pool's next run need not probe again. */
    private readonly probe: SandboxProbe,
  ) {
    this.shortened = options.afterTimeout?.startShort ?? false;
  }

  /**
   * Starts the pool's sessions, or takes those an early start began (see early-start.ts) where
   * they still fit; either way the pool has its full number of sessions soon after.
   */
  static async start(options: ValidatorOptions, signal?: AbortSignal, early?: EarlyStart | null): Promise<ValidatorPool> {
    const begun = await early?.take(options);
    try {
      throwIfAborted(signal);
      if (!fs.statSync(options.workspace, { throwIfNoEntry: false })?.isDirectory()) {
        throw new UserError('bad-workspace', `workspace is not a folder: ${options.workspace}`);
      }
      if (options.failing.length === 0) throw new UserError('no-tests', 'no failing test to validate patches against');
    } catch (error) {
      if (begun) await removeEarly(begun);
      throw error;
    }
    const size = Math.max(1, options.workers ?? os.availableParallelism());
    const wallMs = options.perCandidateTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    const probe = begun?.probe ?? (await sandboxFor(options.sandbox ?? true));
    const validator = validatorFor(options.validator);
    const containment = planContainment(
      {
        wallMs,
        wallAfterTimeoutMs: options.afterTimeout?.timeoutMs ?? wallMs,
        memoryMb: options.memoryLimitMb ?? DEFAULT_MEMORY_MB,
        processes: options.processLimit ?? DEFAULT_PROCESS_LIMIT,
      },
      probe,
      validator,
    );
    const shadow = begun?.shadow ?? (await createShadowCopy(options.workspace, containment.sandbox === 'bubblewrap'));
    const environment = environmentFor(process.env, options.environRead ?? []);
    const launch: SessionLaunch = {
      python: options.python,
      tests: [...new Set([...options.failing, ...options.passing])],
      sandboxed: containment.sandbox === 'bubblewrap',
      cgroupTasks: containment.limits.processLimitBy === 'pids-cgroup' ? containment.limits.processes : null,
      environment: environment.passed,
      validator,
      userBase: options.userBase ?? likelyUserBase(),
    };
    const started = await Promise.allSettled(
      begun
        ? begun.sessions.map((session) => serveSession(session, launch.tests, signal))
        : Array.from({ length: size }, () => startSession(shadow, 'world', launch, undefined, signal)),
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
      launch.tests.filter((id) => missing.has(id)),
      size,
      { ...containment, outsideLinks: shadow.outsideLinks },
      environment,
      begun !== null && begun !== undefined,
      probe,
    );
    for (const { worker, world } of workers) pool.adopt(worker, world);
    // An early start began fewer sessions than the pool has: the rest start beside the first candidates.
    for (let i = workers.length; i < size; i++) pool.replace();
    return pool;
  }

  get failing(): readonly string[] {
    return this.failingTests;
  }

  /** Node ids of the tests that passed before and must keep passing (those that also pass in the world). */
  get passing(): readonly string[] {
    return this.passingTests;
  }

  /** The home folder candidates see (see home-view.ts). */
  get home(): WorldFidelity['home'] {
    return this.launch.sandboxed ? 'read-only-view' : 'private-empty';
  }

  /** The user's workspace the pool validates for. */
  get workspace(): string {
    return this.options.workspace;
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
   * Reproduce first (see reproduce.ts): runs the unpatched code in the world, the user's whole
   * run in its order beside the failing tests alone, and keeps as required of a patch only the
   * failing tests that fail there as they failed for the user. Flaky ones and ones that behave
   * otherwise are dropped (and passing tests that fail in the world are no longer asked to
   * pass); for an order-dependent failure the tests that pollute it are found and from then on
   * run before the failing tests of every candidate.
   */
  async reproduce(run: readonly TestResult[], signal?: AbortSignal): Promise<Reproduction> {
    const served = new Set([...this.failingTests, ...this.passingTests]);
    const whole = run.filter((test) => served.has(test.nodeid)).map((test) => test.nodeid);
    // A long suite is run again only around the failures (their files): the search waits for it.
    const failingFiles = new Set(this.failingTests.map(nodeidFile));
    const order =
      expectedCheckMs(whole, run) <= this.containment.limits.wallMs ? whole : whole.filter((id) => failingFiles.has(nodeidFile(id)));
    const [inOrder, alone] = await Promise.all([this.check(order, run, signal), this.check(this.failingTests, run, signal)]);
    const verdict = judgeReproduction({ run, failing: this.failingTests, inOrder, alone: alone ?? [] });
    const orderDependent: OrderDependence[] = [];
    for (const nodeid of verdict.inOrderOnly) {
      const after = await this.polluters(nodeid, order.slice(0, order.indexOf(nodeid)), run, signal);
      if (after) orderDependent.push({ nodeid, after });
      else verdict.flaky.push(nodeid);
    }
    const polluted = new Set(orderDependent.map((o) => o.nodeid));
    const pollutes = new Set(orderDependent.flatMap((o) => o.after));
    this.prelude = order.filter((id) => pollutes.has(id));
    this.failingTests = this.failingTests.filter((id) => verdict.reproduced.includes(id) || polluted.has(id));
    const differing = new Set(verdict.differs.map((d) => d.nodeid));
    this.passingTests = this.passingTests.filter((id) => !differing.has(id));
    for (const id of verdict.flaky) this.flaky.add(id);
    return { differs: verdict.differs, orderDependent, flaky: verdict.flaky };
  }

  /**
   * The tests before `victim` that make it fail as the user saw, halved until one is left (or
   * until neither half alone does: then the whole remaining set); null when even all of them
   * together do not (the failure came and went: flaky).
   */
  private async polluters(
    victim: string,
    before: readonly string[],
    run: readonly TestResult[],
    signal?: AbortSignal,
  ): Promise<string[] | null> {
    const user = run.find((test) => test.nodeid === victim)!;
    // In place, the sessions that ran the whole suite hold what its polluter left: each question
    // below is asked of a session no test ran in (see `run`).
    if (this.containment.validator === 'spawn') this.retireIdle();
    const failsAfter = async (tests: readonly string[]) => {
      const results = await this.check([...tests, victim], run, signal, true);
      return reproducesFailure(
        user,
        results?.find((r) => r.nodeid === victim),
      );
    };
    if (!(await failsAfter(before))) return null;
    let suspects = [...before];
    for (let step = 0, split = halves(suspects); split && step < MAX_HALVINGS; step++, split = halves(suspects)) {
      const [first, second] = split;
      if (await failsAfter(first)) suspects = first;
      else if (await failsAfter(second)) suspects = second;
      else break;
    }
    return suspects;
  }

  /**
   * The unpatched code's results for `tests` in this order, with time for the tests' own
   * durations; null when the run did not finish. `leavesState`: see `run`.
   */
  private async check(
    tests: readonly string[],
    run: readonly TestResult[],
    signal?: AbortSignal,
    leavesState = false,
  ): Promise<WireTestResult[] | null> {
    const limits = this.childLimits;
    const timeoutMs = Math.min(
      REPRODUCE_CEILING_MS,
      Math.max(limits.timeoutMs, Math.ceil(expectedCheckMs(tests, run)) + SESSION_START_MS / 10),
    );
    // A slow suite's check running out of time says nothing of the candidates' code: their limit stays.
    const reply = await this.run({ op: 'check', tests: [...tests], ...limits, timeoutMs }, signal, { shortens: false, leavesState });
    this.noteUnpatched(reply);
    return reply.status === 'done' ? reply.results : null;
  }

  /** `everyTest`: run the passing tests even when no failing test passes (a probe that only watches). */
  async validate(candidate: Candidate, signal?: AbortSignal, everyTest = false): Promise<ValidationOutcome> {
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
        suite: [],
      };
    }
    const covering = coveringTests(this.options.coverage, this.passing, candidate.file, candidate.startLine, candidate.endLine);
    try {
      const reply = await this.run(
        {
          op: 'validate',
          file: candidate.file,
          source: candidate.newFileText,
          function: candidate.function,
          startLine: candidate.startLine,
          endLine: candidate.endLine,
          // The tests that pollute a failing one run first, once: the suite after them leaves them out.
          failing: [...this.prelude, ...this.failingTests],
          passing: this.passingTests.filter((id) => !this.prelude.includes(id)),
          covering: covering?.filter((id) => !this.prelude.includes(id)) ?? null,
          ...(everyTest ? { everyTest } : {}),
          ...this.childLimits,
        },
        signal,
        { shortens: true, leavesState: this.prelude.length > 0 },
      );
      return verdictOf({
        candidate,
        reply,
        failing: this.failingTests,
        passing: this.passingTests,
        covering,
        unpatchedEffects: this.unpatchedEffects,
      });
    } catch (error) {
      if (error instanceof CanceledError) throw error;
      if (this.disposed) throw new CanceledError('validator disposed');
      // A worker dies under a candidate when the candidate's code kills it: its failure.
      return this.unrun(candidate, error instanceof WorkerDiedError ? 'failed' : 'error', error, started);
    }
  }

  /**
   * Runs `tests` on the unpatched code in a world, recording the calls they make to the
   * `targets` (src/core/behaviour/record.ts); what went wrong instead when the child did not finish.
   */
  async record(
    plan: Pick<RecordRequest, 'tests' | 'seedTests' | 'targets' | 'maxCalls' | 'maxArgBytes' | 'maxDerived'>,
    signal?: AbortSignal,
  ): Promise<Recording | string> {
    const reply = await this.run({ op: 'record', ...plan, ...this.childLimits }, signal, { shortens: false });
    this.noteUnpatched(reply);
    return reply.status === 'done' && reply.recording ? reply.recording : unfinished(reply);
  }

  /**
   * Calls each of `calls` on `patch` (null: the unpatched code), installed in a world's child
   * as a candidate's is (src/core/behaviour/replay.ts); what went wrong instead when the child
   * did not finish.
   */
  async replay(
    patch: Candidate | null,
    targets: CallTarget[],
    calls: ReplayCall[],
    callTimeoutMs: number,
    signal?: AbortSignal,
  ): Promise<CallOutcome[] | string> {
    const fields = patch && {
      file: patch.file,
      source: patch.newFileText,
      function: patch.function,
      startLine: patch.startLine,
      endLine: patch.endLine,
    };
    const reply = await this.run({ op: 'replay', patch: fields, targets, calls, callTimeoutMs, ...this.childLimits }, signal, {
      shortens: false,
    });
    return reply.status === 'done' && reply.patchError === undefined && reply.replayed ? reply.replayed : unfinished(reply);
  }

  /**
   * Runs a validated patch once more from scratch: a new copy of the workspace with the patched
   * file written into it (`bytes`: its text in the file's own encoding), fresh home and temp
   * folders, a new pytest session that imports the patched code as it is on disk. It must pass
   * the failing tests and the tests it was validated against again; anything it relied on that
   * an earlier candidate left behind is gone.
   */
  async recheck(validated: ValidationOutcome, bytes: Uint8Array, signal?: AbortSignal): Promise<ValidationOutcome> {
    const { candidate } = validated;
    const started = Date.now();
    if (this.disposed) throw new CanceledError('validator disposed');
    const suite = this.recheckSuite(validated);
    // The session starts on code nobody ran at collection before: its start is bounded too.
    const startLimit = AbortSignal.timeout(this.containment.limits.wallMs + SESSION_START_MS);
    let session: Session | undefined;
    try {
      session = await startSession(
        this.shadow,
        'recheck',
        { ...this.launch, tests: [...this.prelude, ...this.failingTests, ...suite] },
        { file: candidate.file, bytes },
        signal ? AbortSignal.any([signal, startLimit]) : startLimit,
      );
      const { worker } = session;
      const onAbort = () => worker.cancel();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const reply = await worker.request({
          op: 'check',
          tests: [...this.prelude, ...this.failingTests, ...suite.filter((id) => !this.prelude.includes(id))],
          ...this.childLimits,
        });
        if (reply.status === 'canceled') throw new CanceledError();
        return verdictOf({
          candidate,
          reply,
          failing: this.failingTests,
          passing: suite,
          covering: null,
          unpatchedEffects: this.unpatchedEffects,
        });
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
    } catch (error) {
      if (signal?.aborted) throw new CanceledError();
      if (error instanceof CanceledError) throw error;
      return this.unrun(candidate, 'failed', error, started);
    } finally {
      await session?.worker.kill();
      if (session) await removeWorld(session.world);
    }
  }

  /**
   * Ends the pool but keeps its sessions and copy for a later run (see kept-pools.ts), where
   * every session is alive and idle; otherwise disposes it and keeps nothing (null).
   */
  async keep(): Promise<EarlyStart | null> {
    const idle = this.idle.length === this.all.size && this.starting === 0 && this.all.size > 0;
    if (this.disposing || !idle || [...this.all].some((worker) => !worker.alive)) {
      await this.dispose();
      return null;
    }
    this.disposed = true;
    this.disposing = Promise.resolve();
    const sessions = this.idle.splice(0).map((worker) => ({ worker, world: this.worlds.get(worker)! }));
    this.all.clear();
    return EarlyStart.kept(
      { probe: this.probe, shadow: this.shadow, sessions },
      {
        workspace: path.resolve(this.options.workspace),
        // Every session collected at least these (one begun early may have collected more).
        collect: testFiles(this.launch.tests),
        python: this.launch.python,
        sandbox: this.options.sandbox ?? true,
        environment: this.launch.environment,
        validator: this.launch.validator,
        userBase: this.launch.userBase,
      },
    );
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

  /**
   * The previously passing tests a clean re-check runs: all of them where they took little
   * time in the run before (against the candidate's wall limit, with room for pytest's own
   * protocol around each test), so the user learns what the whole run says of the patch;
   * else those the patch was validated against.
   */
  private recheckSuite(validated: ValidationOutcome): string[] {
    const { passingDurationMs } = this.options;
    if (passingDurationMs === undefined) return validated.suite;
    const expectedMs = RECHECK_SLACK * passingDurationMs + RECHECK_PER_TEST_MS * this.passing.length;
    return expectedMs <= this.containment.limits.wallMs / 2 ? [...this.passing] : validated.suite;
  }

  private get childLimits(): ChildLimits {
    const { wallMs, wallAfterTimeoutMs, memoryMb, cpuSeconds, fileSizeMb, processes, processLimitBy } = this.containment.limits;
    return {
      timeoutMs: this.shortened ? wallAfterTimeoutMs : wallMs,
      memoryMb,
      cpuSeconds,
      fileSizeMb,
      // A pids cgroup is made around the session by the engine; the other two are the Python side's to set.
      nproc: processLimitBy === 'rlimit-nproc' || processLimitBy === 'job-object' ? processes : null,
    };
  }

  private unrun(candidate: Candidate, verdict: 'failed' | 'error', error: unknown, started: number): ValidationOutcome {
    return {
      candidate,
      verdict,
      validation: { failingFixed: 0, failingTotal: this.failingTests.length, suitePassed: 0, suiteTotal: 0 },
      detail: error instanceof Error ? error.message : String(error),
      durationMs: Date.now() - started,
      tests: [],
      suite: [],
    };
  }

  /** Keeps what a run of the unpatched code did outside the project. */
  private noteUnpatched(reply: ResultMessage): void {
    for (const effect of reply.effects ?? []) this.unpatchedEffects.add(effect.path);
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

  /**
   * Runs one request on the next free worker; an abort kills the candidate and throws.
   * `shortens`: a timeout shortens the later candidates' limit. `leavesState`: the tests run are
   * known to leave state behind inside objects (an unpatched check in the search for a failing
   * test's polluters; a candidate after the tests that pollute it), which in place (spawn) the
   * session cannot put back: it is replaced after the run, so that what it left answers no later one.
   */
  private async run(
    request: Parameters<WorkerProcess['request']>[0],
    signal: AbortSignal | undefined,
    { shortens, leavesState = false }: { shortens: boolean; leavesState?: boolean } = { shortens: true },
  ): Promise<ResultMessage> {
    throwIfAborted(signal);
    const worker = await this.acquire(signal);
    const onAbort = () => worker.cancel();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const reply = await worker.request(request);
      if (leavesState && this.containment.validator === 'spawn') worker.retire();
      if (reply.status === 'canceled') throw new CanceledError();
      if (reply.status === 'timeout' && shortens) this.shortened = true;
      return reply;
    } catch (error) {
      // In place, what the tests run ends the session when it crashes, as it ends a forked child
      // (not when the pool ended it: disposed, the run is canceled).
      if (error instanceof WorkerDiedError && this.containment.validator === 'spawn' && !signal?.aborted && !this.disposed) {
        return { op: 'result', id: 0, status: 'crashed', results: [], detail: error.message, durationMs: 0 };
      }
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      this.release(worker);
    }
  }

  /** Replaces every idle worker by a fresh session. */
  private retireIdle(): void {
    for (const worker of this.idle.splice(0)) {
      worker.retire();
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
      const world = this.worlds.get(worker);
      this.worlds.delete(worker);
      // A fresh world for its successor: the dead one's files are in whatever state it left them.
      if (world) void worker.kill().then(() => removeWorld(world));
      this.replace();
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(worker);
    else this.idle.push(worker);
  }

  private adopt(worker: WorkerProcess, world: World): void {
    this.all.add(worker);
    this.worlds.set(worker, world);
    this.release(worker);
  }

  /** Starts a worker in place of one that died (a candidate cannot kill it; a bug might). */
  private replace(): void {
    if (this.all.size + this.starting >= this.size) return;
    this.starting++;
    startSession(this.shadow, 'world', this.launch)
      .then(async ({ worker, world }) => {
        if (this.disposed) await worker.kill();
        else this.adopt(worker, world);
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

/** Why a child's reply holds no answer: "timeout", "crashed: <detail>". */
function unfinished(reply: ResultMessage): string {
  const detail = reply.patchError ?? reply.detail;
  return detail ? `${reply.status}: ${detail.split('\n').filter(Boolean).at(-1) ?? ''}` : reply.status;
}

/** How long a check of `tests` should take, from their durations in the user's run (a check runs pytest's whole protocol). */
function expectedCheckMs(tests: readonly string[], run: readonly TestResult[]): number {
  const durations = new Map(run.map((test) => [test.nodeid, test.durationMs]));
  return tests.reduce((sum, id) => sum + RECHECK_SLACK * (durations.get(id) ?? 0) + RECHECK_PER_TEST_MS, 0);
}

/** What the reproduce runs found (see ValidatorPool.reproduce). */
export interface Reproduction extends Pick<WorldFidelity, 'differs' | 'orderDependent'> {
  flaky: string[];
}

/** Time a session may take to start and collect, beyond one candidate's wall limit. */
const SESSION_START_MS = 30_000;
