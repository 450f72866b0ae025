import { describeError } from '../errors';
import type { Suspect } from '../types';
import type { ValidatorPool } from '../validate';
import { coveringTests, type CoverageMap } from '../validate/selection';
import type { CallTarget, Recording } from '../wire';

// Recording the calls that the passing tests make to the top suspects, on the unpatched code in
// the validator's world: one pool job beside the search (src/python/deepdebug/record.py); the
// failing tests run after them, their calls' arguments seeding the new inputs only. Bounded
// so that a large project pays little: a few functions, a few distinct calls each, small
// arguments, only the tests that run them, and the candidates' own wall limit.

/** Suspect functions recorded: the search edits the top five (search/index.ts), which hold nearly every fix. */
const RECORDED_FUNCTIONS = 5;
/** Distinct calls kept per function, the largest pickled arguments kept, and new inputs derived per function. */
const LIMITS = { maxCalls: 20, maxArgBytes: 4096, maxDerived: 20 };
/**
 * The recorded tests' own time in the first run, at most: under the hook they take ~2.5x as
 * long (bench/real's cerberus), and the child must end within a candidate's wall limit (4 s
 * at least), or nothing is recorded at all.
 */
const TESTS_MS = 1_500;

export interface RecordPlan {
  targets: CallTarget[];
  /** The passing tests that run any of the targets, in the run's order. */
  tests: string[];
  /** The failing tests (they run the suspects): their inputs seed the new ones. */
  seedTests: string[];
}

/** What the recording gave, or why there is none. */
export interface Recorded {
  plan: RecordPlan | null;
  recording: Recording | null;
  note?: string;
  durationMs: number;
}

/**
 * The functions to record (the top suspects the search edits, leaving out module code and
 * nested functions, which no call can reach from outside) and the passing tests that run them
 * (all of them without coverage), in the run's order while their first-run `durations` add up
 * to TESTS_MS; why not, when there is nothing to record.
 */
export function recordPlan(
  suspects: readonly Suspect[],
  tests: { passing: readonly string[]; failing: readonly string[] },
  coverage: CoverageMap | undefined,
  durations: ReadonlyMap<string, number>,
): RecordPlan | string {
  const { passing, failing } = tests;
  const recorded = suspects.filter((s) => s.function !== '<module>' && !s.function.includes('<locals>')).slice(0, RECORDED_FUNCTIONS);
  if (recorded.length === 0) return 'no suspect is a function a test can call';
  const running = new Set(recorded.flatMap((s) => coveringTests(coverage, passing, s.file, s.startLine, s.endLine) ?? passing));
  const chosen: string[] = [];
  let spent = 0;
  for (const id of passing.filter((id) => running.has(id))) {
    spent += durations.get(id) ?? 0;
    if (chosen.length > 0 && spent > TESTS_MS) break;
    chosen.push(id);
  }
  if (chosen.length === 0 && failing.length === 0) return `no test runs ${recorded.map((s) => s.function).join(', ')}`;
  return {
    targets: recorded.map((s) => ({ file: s.file, function: s.function, startLine: s.startLine })),
    tests: chosen,
    seedTests: [...failing],
  };
}

/** Records the plan's calls; never rejects (a recording that fails leaves the patches unjudged, with a note). */
export async function recordCalls(pool: ValidatorPool, plan: RecordPlan | string, signal?: AbortSignal): Promise<Recorded> {
  if (typeof plan === 'string') return { plan: null, recording: null, note: plan, durationMs: 0 };
  const started = Date.now();
  try {
    const recording = await pool.record({ ...plan, ...LIMITS }, signal);
    const durationMs = Date.now() - started;
    if (typeof recording === 'string')
      return { plan, recording: null, note: `recording the passing tests' calls did not finish (${recording})`, durationMs };
    return { plan, recording, durationMs };
  } catch (error) {
    return {
      plan,
      recording: null,
      note: `recording the passing tests' calls failed: ${describeError(error)}`,
      durationMs: Date.now() - started,
    };
  }
}
