import type { BehaviourStats, Disagreement, ValidatedPatch } from '../types';
import type { ValidatorPool } from '../validate';
import { editCount } from '../generate/candidate';
import { compareBehaviour } from './compare';
import { disagreementOf } from './disagreement';
import type { Recorded } from './record';
import { replayAll, replayInputs } from './replay';

// A passing suite is a weak oracle: a patch can pass it and still change what the code does
// where no test looks. The evidence beyond it, as plain data on each validated patch: the
// passing tests' calls to the suspects, recorded on the unpatched code (record.ts), replayed on
// each patch (replay.ts) with new inputs derived from them, and compared (compare.ts). The
// ranking reads `behaviour` (through words.ts: objections, evidence); `presented`
// (disagreement.ts) words it once the order is known.

export { recordCalls, recordPlan, type Recorded } from './record';
export { presented } from './disagreement';

export interface Judged {
  /** The patches with their behaviour; those that could not be judged carry their "unsure: ..." confidence instead. */
  patches: ValidatedPatch[];
  /** Answers not yet numbered (presented does, once the patches are ranked). */
  disagreement?: Disagreement;
  stats: BehaviourStats;
}

/** Replays the recording on the unpatched code and every patch and compares them; `failing`: the failing tests (a new test goes beside the first). */
export async function judgeBehaviour(
  pool: ValidatorPool,
  recorded: Recorded,
  patches: readonly ValidatedPatch[],
  failing: readonly string[],
  signal?: AbortSignal,
): Promise<Judged> {
  const { recording, plan } = recorded;
  const functions = recording?.functions ?? [];
  const notes = [
    ...(recorded.note !== undefined ? [recorded.note] : []),
    ...functions.flatMap((fn) => (fn.note !== undefined ? [`${fn.function}: ${fn.note}`] : [])),
  ];
  const stats: BehaviourStats = {
    functions: functions.length,
    tests: plan?.tests.length ?? 0,
    recordedCalls: functions.reduce((sum, fn) => sum + fn.calls.length, 0),
    replayedCalls: 0,
    newInputs: functions.reduce((sum, fn) => sum + fn.derived.length, 0),
    replayedInputs: 0,
    skipped: functions.reduce((sum, fn) => sum + fn.unpicklable + fn.tooLarge + fn.notComparable + fn.beyondLimit, 0),
    recordMs: recorded.durationMs,
    waitedMs: 0,
    replayMs: 0,
    notes,
  };
  const inputs = recording ? replayInputs(recording) : [];
  const unjudged = (why: string): Judged => ({ patches: patches.map((patch) => ({ ...patch, confidence: `unsure: ${why}` })), stats });
  if (!recording || !plan || inputs.length === 0) {
    const names = functions.map((fn) => fn.function).join(', ');
    const none =
      stats.skipped > 0
        ? `none of the passing tests' ${stats.skipped} calls to ${names} could be kept (arguments that do not pickle or are too large, results with no comparable form)`
        : `no passing test called ${names}`;
    return unjudged(`${recorded.note ?? none}; only the failing tests judged it`);
  }
  const replays = await replayAll(pool, plan.targets, inputs, patches, signal);
  stats.replayMs = replays.durationMs;
  if (typeof replays.baseline === 'string') {
    notes.push(`replaying the calls on the unpatched code did not finish (${replays.baseline})`);
    return unjudged('the recorded calls could not be replayed on the unpatched code; only the failing tests judged it');
  }
  const compared = compareBehaviour(
    inputs,
    replays.baseline,
    replays.patches,
    patches.map((patch) => ({ edits: editCount(patch), summary: patch.summary })),
  );
  stats.replayedCalls = compared.compared.recorded;
  stats.replayedInputs = compared.compared.derived;
  const disagreed = compared.disagreement;
  const answerOf = new Map(disagreed?.groups.flatMap((group, k) => group.members.map((p) => [p, k] as const)));
  const judged = patches.map((patch, p): ValidatedPatch => {
    const behaviour = compared.behaviours[p];
    if (typeof behaviour !== 'object')
      return { ...patch, confidence: `unsure: replaying the recorded calls on it did not finish (${behaviour ?? 'no reply'})` };
    const answer = answerOf.get(p);
    return { ...patch, behaviour: answer === undefined ? behaviour : { ...behaviour, answer } };
  });
  const fn = disagreed ? functions[disagreed.input.target] : undefined;
  return { patches: judged, ...(disagreed && fn ? { disagreement: disagreementOf(disagreed, fn, failing) } : {}), stats };
}
