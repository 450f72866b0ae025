import { isCanceled } from '../errors';
import type { Failure, SearchEnd } from '../types';
import { brokenTests, isFixed, type ValidationOutcome, type ValidatorPool } from '../validate';
import type { Frontier, Round } from './frontier';

// The validator lanes of the anytime search: each pulls the next candidate from the frontier
// and validates it, until the budget is spent, enough patches validated, the alternatives
// window after the first fix closed, the candidate limit reached, or the frontier is empty
// while no lane is still validating (a running candidate may yet open a round on a partial
// fix). Lanes know nothing of where candidates come from; what an outcome means is the
// caller's (onOutcome).

export interface LaneOptions {
  pool: ValidatorPool;
  frontier: Frontier;
  lanes: number;
  /** Absolute time (ms since the epoch) the search must end by. */
  deadline: number;
  /** Stop once this many candidates were taken. */
  maxCandidates: number;
  /** Called for every outcome, in completion order; returns whether it yields a patch to show. */
  onOutcome: (outcome: ValidationOutcome, round: Round, rank: number) => Promise<boolean>;
  /** Stop after this many shown patches. */
  enoughPatches: number;
  /**
   * After the first shown patch, alternatives are looked for this long and among at least this
   * many more candidates (a loaded machine takes longer over the same ones), but no longer than
   * `longestMs`.
   */
  alternatives: { ms: number; candidates: number; longestMs: number };
  signal?: AbortSignal;
  /** Called once when the lanes end, so work a lane waits on (a source's probes) stops too. */
  onEnd?: () => void;
}

export interface LanesResult {
  validated: number;
  /** When the first candidate was handed to a lane, and when the first patch validated (ms since the epoch). */
  firstCandidateAt: number | null;
  firstPatchAt: number | null;
  endedBecause: SearchEnd;
}

export async function runLanes(options: LaneOptions): Promise<LanesResult> {
  const { pool, frontier } = options;
  let validated = 0;
  let patches = 0;
  let firstCandidateAt: number | null = null;
  let firstPatchAt: number | null = null;
  let endedBecause: SearchEnd | null = null;
  let busy = 0;
  /** Lanes waiting for a busy lane to finish, since the frontier had nothing for them. */
  const idle: Array<() => void> = [];
  const wakeIdle = (): void => {
    for (const wake of idle.splice(0)) wake();
  };
  const stop = new AbortController();
  const end = (why: SearchEnd): void => {
    endedBecause ??= why;
    stop.abort();
    options.onEnd?.();
    wakeIdle();
  };
  const onAbort = (): void => end('canceled');
  options.signal?.addEventListener('abort', onAbort);
  const timer = setTimeout(() => end('budget'), Math.max(0, options.deadline - Date.now()));
  const alternativesTimers: NodeJS.Timeout[] = [];
  /** Set once the alternatives window's time is up: it closes when enough candidates were taken since the first fix. */
  let alternativesFrom: number | null = null;
  const alternativesSeen = (): boolean => alternativesFrom !== null && frontier.count - alternativesFrom >= options.alternatives.candidates;

  const lane = async (): Promise<void> => {
    while (!stop.signal.aborted) {
      if (frontier.count >= options.maxCandidates) return end('max-candidates');
      if (alternativesSeen()) return end('alternatives-window');
      busy++;
      const taken = await frontier.next();
      if (!taken) {
        busy--;
        // Empty for now: a lane still validating may open a round on a partial fix.
        if (busy === 0) return end('exhausted');
        await new Promise<void>((resolve) => idle.push(resolve));
        continue;
      }
      if (stop.signal.aborted) {
        busy--;
        return;
      }
      firstCandidateAt ??= Date.now();
      const outcome = await pool.validate(taken.candidate, stop.signal).catch((error: unknown) => {
        if (isCanceled(error)) return null;
        throw error;
      });
      busy--;
      if (outcome) {
        validated++;
        if (await options.onOutcome(outcome, taken.round, taken.rank ?? 0)) {
          patches++;
          if (firstPatchAt === null) {
            firstPatchAt = Date.now();
            const takenBefore = frontier.count;
            alternativesTimers.push(
              setTimeout(() => {
                alternativesFrom = takenBefore;
                if (alternativesSeen()) end('alternatives-window');
              }, options.alternatives.ms),
              setTimeout(() => end('alternatives-window'), options.alternatives.longestMs),
            );
          }
          if (patches >= options.enoughPatches) end('enough-patches');
        }
      }
      wakeIdle();
    }
  };
  try {
    await Promise.all(Array.from({ length: options.lanes }, lane));
  } finally {
    clearTimeout(timer);
    for (const t of alternativesTimers) clearTimeout(t);
    options.signal?.removeEventListener('abort', onAbort);
  }
  return { validated, firstCandidateAt, firstPatchAt, endedBecause: endedBecause ?? 'exhausted' };
}

/**
 * Whether an outcome is progress worth building on: it fixed some of the failing tests and
 * broke none, or every failing test it did not fix now fails an assertion where the unpatched
 * code raised another exception (the crash is gone; the value is still wrong).
 */
export function isPartialFix(outcome: ValidationOutcome, failures: readonly Failure[]): boolean {
  if (outcome.verdict !== 'failed' || outcome.method === undefined || outcome.method === 'none') return false;
  const { failingFixed, failingTotal } = outcome.validation;
  if (brokenTests(outcome).length > 0) return false;
  if (failingFixed > 0 && failingFixed < failingTotal) return true;
  const byId = new Map(outcome.tests.map((test) => [test.nodeid, test]));
  const unfixed = failures.filter((failure) => {
    const result = byId.get(failure.nodeid);
    return result !== undefined && !isFixed(result.outcome);
  });
  return (
    unfixed.length > 0 &&
    unfixed.every(
      (failure) => failure.exception !== 'AssertionError' && /^(assert|AssertionError)\b/.test(byId.get(failure.nodeid)!.message),
    )
  );
}
