import type { BehaviourChange, PatchBehaviour, SimplerPatch } from '../types';
import type { CallOutcome } from '../wire';
import type { ReplayInput } from './replay';

// What the replays say of each patch, as plain data: the recorded calls it keeps and changes,
// the new inputs on which it agrees with the other validated patches, answers as the code did,
// or raises where the code and another patch return, and the smallest new input on which the
// patches split into groups that answer differently; and, for a patch of several edits, a
// patch of fewer whose changes it mostly repeats (two edits that cancel on the tests' inputs
// do one edit's work but for the inputs no test has). (An answer most other patches share is
// no evidence here: on bench/overfit the variants of one wrong edit outvoted the right patch.)

export interface Compared {
  /** Per patch: its behaviour, or why its replay gave none. */
  behaviours: (PatchBehaviour | string)[];
  /** The smallest new input the patches disagree on; null where they agree on all. */
  disagreement: Disagreed | null;
  /** The recorded calls and new inputs compared (the unpatched code's replay settled them). */
  compared: { recorded: number; derived: number };
}

/** A patch's edits as the ranking counts them (generate/candidate.ts editCount), and its summary. */
export interface PatchEdits {
  edits: number;
  summary: string;
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
  edits: readonly PatchEdits[] = [],
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
  // Without a new input, patches that kept the same recorded calls are not shown to behave alike.
  const groupOf =
    derived.length > 0
      ? behaviourGroups(
          patches,
          settled.map(({ index }) => index),
        )
      : patches.map((_, p) => p);
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
    let agreesOn = 0;
    let asBefore = 0;
    const crashes: BehaviourChange[] = [];
    for (const { input, index, before } of derived) {
      const mine = outcome(p, index);
      if (mine === undefined) continue;
      const theirs = others.map((q) => outcome(q, index));
      if (others.length > 0 && theirs.every((o) => o?.digest === mine.digest)) agreesOn++;
      if (mine.digest === before.digest) asBefore++;
      // A new crash: where the code returned before, another validated patch returns the same, and this one does not return.
      else if (before.status === 'returned' && mine.status !== 'returned' && theirs.some((o) => o?.digest === before.digest))
        crashes.push({ call: input.call.shown, before: before.shown, after: mine.shown });
    }
    return {
      kept,
      changed,
      newInputs: derived.length,
      agreesOn,
      others: others.length,
      asBefore,
      crashes,
      group: groupOf[p] ?? p,
    };
  });
  return {
    behaviours: withSimpler(behaviours, edits, settled, derived.length > 0, outcome),
    disagreement: smallestDisagreement(derived, replayed, outcome),
    compared: { recorded: recorded.length, derived: derived.length },
  };
}

/**
 * Each patch of several edits that repeats a patch of fewer, which itself has no objection (no
 * changed recorded call, no new crash): on the settled inputs where either answers otherwise
 * than the code did, the two answer alike at least as often as not. Where they answer some
 * input differently, the extra edits cancel on the tests' inputs; where they answer every one
 * alike (new inputs among them), nothing shows the extra edits are needed. Of several, the one
 * it repeats most.
 */
function withSimpler(
  behaviours: readonly (PatchBehaviour | string)[],
  edits: readonly PatchEdits[],
  settled: readonly { input: ReplayInput; index: number; before: CallOutcome }[],
  anyNewInput: boolean,
  outcome: (patch: number, index: number) => CallOutcome | undefined,
): (PatchBehaviour | string)[] {
  // Shorter calls first, so each patch's first difference is the smallest example.
  const bySize = [...settled].sort((a, b) => a.input.call.shown.length - b.input.call.shown.length);
  return behaviours.map((mine, p) => {
    const own = edits[p];
    if (typeof mine === 'string' || !own || own.edits < 2) return mine;
    let simpler: SimplerPatch | undefined;
    behaviours.forEach((theirs, q) => {
      const other = edits[q];
      if (typeof theirs === 'string' || !other || other.edits >= own.edits || theirs.changed.length + theirs.crashes.length > 0) return;
      let alike = 0;
      const differs: BehaviourChange[] = [];
      for (const { input, index, before } of bySize) {
        const [a, b] = [outcome(p, index), outcome(q, index)];
        if (!a || !b || (a.digest === before.digest && b.digest === before.digest)) continue;
        if (a.digest === b.digest) alike++;
        else differs.push({ call: input.call.shown, before: b.shown, after: a.shown });
      }
      const repeats = differs.length > 0 ? alike >= differs.length : anyNewInput;
      if (repeats && (!simpler || alike > simpler.alike)) simpler = { summary: other.summary, edits: other.edits, alike, differs };
    });
    return simpler ? { ...mine, simpler } : mine;
  });
}

/** Per patch, the first patch that answered every settled input as it did (so equal numbers: the same behaviour as far as it was seen). */
function behaviourGroups(patches: readonly (CallOutcome[] | string)[], indices: readonly number[]): number[] {
  const firstWith = new Map<string, number>();
  return patches.map((outcomes, p) => {
    if (typeof outcomes === 'string') return p;
    const key = indices.map((i) => outcomes[i]?.digest ?? '').join('\n');
    if (!firstWith.has(key)) firstWith.set(key, p);
    return firstWith.get(key)!;
  });
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
    // Raising is an answer to offer only where the code raised before: else it is a new crash (an objection), not a choice.
    const offered = [...groups.values()].filter(({ outcome }) => before.status !== 'returned' || outcome.status === 'returned');
    if (offered.length > 1) return { input, before, groups: offered.sort((a, b) => b.members.length - a.members.length) };
  }
  return null;
}
