import type { BehaviourChange, PatchBehaviour } from '../types';
import type { CallOutcome } from '../wire';
import type { ReplayInput } from './replay';

// What the replays say of each patch, as plain data: the recorded calls it keeps and changes,
// the new inputs on which it agrees with the other validated patches, and the smallest new
// input on which the patches split into groups that answer differently.

export interface Compared {
  /** Per patch: its behaviour, or why its replay gave none. */
  behaviours: (PatchBehaviour | string)[];
  /** The smallest new input the patches disagree on; null where they agree on all. */
  disagreement: Disagreed | null;
  /** The recorded calls and new inputs compared (the unpatched code's replay settled them). */
  compared: { recorded: number; derived: number };
}

export interface Disagreed {
  input: ReplayInput;
  /** The unpatched code's outcome. */
  before: CallOutcome;
  /** The patches (by index) that answer alike, the largest group first. */
  groups: { outcome: CallOutcome; members: number[] }[];
}

/**
 * Compares each patch's outcomes with the unpatched code's (`baseline`: each input twice, the
 * second half repeating the first) and with each other. An input counts only where the
 * unpatched code answers it the same twice (no clock, no randomness), without an error or a
 * timeout, and, for a recorded call, as the test's call ended (else the call depended on
 * what the test had set up around it).
 */
export function compareBehaviour(
  inputs: readonly ReplayInput[],
  baseline: readonly CallOutcome[],
  patches: readonly (CallOutcome[] | string)[],
): Compared {
  const settled = inputs.flatMap((input, i) => {
    const first = baseline[i];
    const second = baseline[i + inputs.length];
    if (!first || !second || first.digest !== second.digest || first.status === 'error' || first.status === 'timeout') return [];
    const faithful = !input.recorded || (input.recorded.raised ? first.status === 'raised' : first.digest === input.recorded.digest);
    return faithful ? [{ input, index: i, before: first }] : [];
  });
  const recorded = settled.filter((s) => s.input.kind === 'recorded');
  const derived = settled.filter((s) => s.input.kind === 'derived');
  const outcome = (patch: number, index: number): CallOutcome | undefined => {
    const outcomes = patches[patch];
    const found = typeof outcomes === 'string' ? undefined : outcomes?.[index];
    return found?.status === 'error' ? undefined : found;
  };
  const replayed = patches.map((_, p) => p).filter((p) => typeof patches[p] !== 'string');
  const behaviours = patches.map((outcomes, p): PatchBehaviour | string => {
    if (typeof outcomes === 'string') return outcomes;
    let kept = 0;
    const changed: BehaviourChange[] = [];
    for (const { input, index, before } of recorded) {
      const mine = outcome(p, index);
      if (!mine) continue;
      if (mine.digest !== before.digest) changed.push({ call: input.call.shown, before: before.shown, after: mine.shown });
      else if (mine.reached !== false) kept++;
    }
    const others = replayed.filter((q) => q !== p);
    const agreesOn =
      others.length === 0
        ? 0
        : derived.filter(({ index }) => {
            const mine = outcome(p, index);
            return mine !== undefined && others.every((q) => outcome(q, index)?.digest === mine.digest);
          }).length;
    return { kept, changed, newInputs: derived.length, agreesOn, others: others.length };
  });
  return {
    behaviours,
    disagreement: smallestDisagreement(derived, replayed, outcome),
    compared: { recorded: recorded.length, derived: derived.length },
  };
}

/** The first input, smallest first (one a test can be written for before others), on which the replayed patches split. */
function smallestDisagreement(
  derived: readonly { input: ReplayInput; index: number; before: CallOutcome }[],
  replayed: readonly number[],
  outcome: (patch: number, index: number) => CallOutcome | undefined,
): Disagreed | null {
  const size = ({ input }: { input: ReplayInput }) => (input.call.literal === undefined ? 1e6 : 0) + input.call.shown.length;
  for (const { input, index, before } of [...derived].sort((a, b) => size(a) - size(b))) {
    const groups = new Map<string, { outcome: CallOutcome; members: number[] }>();
    for (const p of replayed) {
      const mine = outcome(p, index);
      if (!mine) continue;
      const group = groups.get(mine.digest);
      if (group) group.members.push(p);
      else groups.set(mine.digest, { outcome: mine, members: [p] });
    }
    if (groups.size > 1) return { input, before, groups: [...groups.values()].sort((a, b) => b.members.length - a.members.length) };
  }
  return null;
}
