import type { Analysis } from './analysis';
import type { Clock } from './clock';
import type { RunWarning } from './warnings';
import { ValidatorPool, type EarlyStart, type ValidatorOptions } from '../validate';
import type { Containment, EngineHooks, EngineOptions, Failure, PytestRun, WorldFidelity } from '../types';

// The world candidates run in: the validator's pool (begun beside the first run when it could
// be), and the unpatched code reproduced there first (validate/reproduce.ts), which decides
// the failing tests a patch must fix and says how faithful the world is to the user's run.

/**
 * A candidate's wall limits: a base plus so many times what the whole first run's finished
 * tests took, between a floor and a ceiling (a forked candidate runs fewer tests, without
 * coverage tracing, but a fix may make a failing test do more work than the bug let it).
 * Generous at first; tight once a candidate timed out, since candidates that loop are then
 * common (on small projects a 10 s first limit cost half the search's time).
 */
const FIRST_LIMIT = { factor: 20, baseMs: 2_000, floorMs: 4_000, ceilingMs: 10_000 };
const AFTER_TIMEOUT_LIMIT = { factor: 5, baseMs: 500, floorMs: 1_000, ceilingMs: 10_000 };

/** The interpreter and the number of workers: decided once per run. */
export interface RunSetup {
  python: string;
  workers: number;
}

export interface World {
  pool: ValidatorPool;
  containment: Containment;
  /** The run's failures less the flaky ones (the failing tests a patch is asked to fix, as the user saw them). */
  failures: Failure[];
  flaky: string[];
  fidelity: WorldFidelity;
  warnings: RunWarning[];
}

/** Starts the validator's pool on the run's tests (taking the early start's sessions where there are some). */
export async function startPool(
  setup: RunSetup,
  options: EngineOptions,
  analysis: Analysis,
  failingTests: string[],
  clock: Clock,
  hooks: EngineHooks,
  early: EarlyStart | null,
): Promise<ValidatorPool> {
  const passing = analysis.run.tests.filter((t) => t.outcome === 'passed');
  const poolOptions: ValidatorOptions = {
    workspace: analysis.workspace,
    python: setup.python,
    failing: failingTests,
    passing: passing.map((t) => t.nodeid),
    passingDurationMs: passing.reduce((sum, t) => sum + t.durationMs, 0),
    workers: setup.workers,
    coverage: analysis.coverage,
    environRead: analysis.run.environRead,
    userBase: analysis.run.userBase,
    ...candidateLimits(analysis.run),
    sandbox: options.sandbox,
    ...(options.validator ? { validator: options.validator } : {}),
  };
  const poolAsked = Date.now();
  const pool = await ValidatorPool.start(poolOptions, hooks.signal, early);
  clock.timeline.add('pool-start', pool.startedEarly ? clock.startedAt : poolAsked, Date.now());
  return pool;
}

/** The unpatched code in the pool's world: what it keeps of the failures, and what the user should know of the world. */
export async function reproduceInWorld(pool: ValidatorPool, analysis: Analysis, clock: Clock, hooks: EngineHooks): Promise<World> {
  hooks.onProgress?.({
    stage: 'validating',
    message: "reproducing the failures in the validator (the unpatched code, your run's order)",
  });
  const reproduceStarted = Date.now();
  const reproduction = await clock.timeline.span('reproduce', () => pool.reproduce(analysis.run.tests, hooks.signal));
  const fidelity: WorldFidelity = {
    differs: reproduction.differs,
    orderDependent: reproduction.orderDependent,
    environment: pool.environment,
    home: pool.home,
    reproduceMs: Date.now() - reproduceStarted,
  };
  return {
    pool,
    containment: pool.containment,
    failures: analysis.failures.filter((f) => !reproduction.flaky.includes(f.nodeid)),
    flaky: reproduction.flaky,
    fidelity,
    warnings: [
      { kind: 'outside-links', links: pool.containment.outsideLinks ?? [] },
      { kind: 'world', world: fidelity },
    ],
  };
}

/** The candidates' wall limits from the first run's durations; short from the start when a test timed out there. */
function candidateLimits(run: PytestRun): { perCandidateTimeoutMs: number; afterTimeout: { timeoutMs: number; startShort: boolean } } {
  const finished = run.tests.filter((test) => test.outcome !== 'timeout' && test.outcome !== 'crashed');
  const total = finished.reduce((sum, test) => sum + test.durationMs, 0);
  // Whole seconds: the limits are shown to the user.
  const limit = (rule: typeof FIRST_LIMIT) =>
    Math.min(rule.ceilingMs, Math.max(rule.floorMs, Math.ceil((rule.baseMs + rule.factor * total) / 1000) * 1000));
  return {
    perCandidateTimeoutMs: limit(FIRST_LIMIT),
    afterTimeout: { timeoutMs: limit(AFTER_TIMEOUT_LIMIT), startShort: run.tests.some((test) => test.outcome === 'timeout') },
  };
}
