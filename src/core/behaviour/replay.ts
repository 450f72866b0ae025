import type { Candidate } from '../types';
import type { ValidatorPool } from '../validate';
import type { CallInput, CallOutcome, CallTarget, Recording } from '../wire';

// Replaying the recorded calls and the new inputs on the unpatched code and on each validated
// patch, each in a child of a validator's world with the patch installed as a candidate's is
// (src/python/deepdebug/replay.py): contained, limited in time per call and per child.

/** Each call's own limit: the passing tests' calls are quick; a patch that loops on a new input shows as such. */
const CALL_TIMEOUT_MS = 250;

/** A call replayed on every patch: one a passing test made, or a new input derived from one. */
export interface ReplayInput {
  kind: 'recorded' | 'derived';
  /** Index into the recording's functions (the replay's targets). */
  target: number;
  call: CallInput;
  /** How the test's call ended (recorded calls only): a digest of its result, or that it raised. */
  recorded?: { raised: boolean; digest?: string };
}

/** Every recorded call and derived input of the recording, function by function. */
export function replayInputs(recording: Recording): ReplayInput[] {
  return recording.functions.flatMap((fn, target) => [
    ...fn.calls.map(({ raised, digest, ...call }): ReplayInput => ({
      kind: 'recorded',
      target,
      call,
      recorded: { raised, ...(digest !== undefined ? { digest } : {}) },
    })),
    ...fn.derived.map((call): ReplayInput => ({ kind: 'derived', target, call })),
  ]);
}

export interface Replays {
  /** The unpatched code's outcomes, every input twice in a row of the list (a call that differs from itself is not compared). */
  baseline: CallOutcome[] | string;
  /** Per patch, its outcomes on the inputs, or why its replay gave none. */
  patches: (CallOutcome[] | string)[];
  durationMs: number;
}

/** The unpatched code and every patch on the inputs, at once over the pool's workers. */
export async function replayAll(
  pool: ValidatorPool,
  targets: CallTarget[],
  inputs: readonly ReplayInput[],
  patches: readonly Candidate[],
  signal?: AbortSignal,
): Promise<Replays> {
  const started = Date.now();
  const calls = inputs.map((input) => ({ target: input.target, args: input.call.args }));
  const [baseline, ...patched] = await Promise.all([
    pool.replay(null, targets, [...calls, ...calls], CALL_TIMEOUT_MS, signal),
    ...patches.map((patch) => pool.replay(patch, targets, calls, CALL_TIMEOUT_MS, signal)),
  ]);
  return { baseline: baseline!, patches: patched, durationMs: Date.now() - started };
}
