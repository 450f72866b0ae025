import { assuranceOf } from './assurance';
import { editAlone } from '../line-changes';
import { editSize } from './edit-size';
import { byStanding, standing } from './standing';
import { objectionsOf, objectionText } from './objections';
import { middle, PRIOR_WEIGHTS, priorKey, type PriorWeights } from '../search/prior';
import type { Candidate, CandidateSource, ValidatedPatch } from '../types';

// How to present the patches that validated (the order candidates are validated in is the
// search's frontier, src/core/search/frontier.ts). Pure functions over plain data.

function byScore(a: Candidate, b: Candidate): number {
  return b.score - a.score;
}

/** Lines added or removed by a unified diff: the size of the edit. */
export function changedLines(diff: string): number {
  let count = 0;
  for (const line of diff.split('\n')) {
    if ((line.startsWith('+') && !line.startsWith('+++')) || (line.startsWith('-') && !line.startsWith('---'))) count++;
  }
  return count;
}

/** A patch's file before and after it: what the superset rule compares. */
export interface LineEdits {
  file: string;
  base: string;
  text: string;
}

/** What the superset rule needs of a patch; null without the file's text (then it is nobody's superset). */
export function lineEdits(patch: Pick<ValidatedPatch, 'file' | 'newFileText'>, base: string | null): LineEdits | null {
  return base === null ? null : { file: patch.file, base, text: patch.newFileText };
}

/**
 * Whether `big` makes all of `small`'s edits and others besides: what big changes of small is
 * on lines small kept as they were (an added guard, another line's edit), so small's changed
 * lines stand in big as small has them.
 */
export function isSuperset(big: LineEdits | null, small: LineEdits | null): boolean {
  if (!big || !small || big.file !== small.file || big.base !== small.base || small.text === small.base) return false;
  const extra = editAlone(small.base, small.text, big.text);
  // And the rest of big is small's change itself (a diff can read a moved guard as kept lines).
  return extra !== null && editAlone(small.base, extra, big.text) === small.text;
}

/**
 * The patches without those that make another one's edits and more (isSuperset): the tests ask
 * for the smaller one, and the rest of the larger is an edit nothing justifies (on a fast
 * machine the search's pairs validate such supersets of a fix within the alternatives window).
 * `base` is each file's text. The clean re-check skips such patches before this runs
 * (search/recheck.ts), by the same rule.
 */
export function withoutSupersets<P extends Pick<ValidatedPatch, 'file' | 'newFileText'>>(
  patches: readonly P[],
  base: (file: string) => string | null,
): P[] {
  const edits = patches.map((patch) => lineEdits(patch, base(patch.file)));
  return patches.filter((_, i) => !edits.some((other, j) => j !== i && isSuperset(edits[i] ?? null, other)));
}

/**
 * Validated patches best first, fixes before unconfirmed patches (assurance.ts), then:
 * 1. those without a shape a reviewer would object to (patch-shape/: a parameter or loop
 *    variable left unused, a new literal special-cased, a loop variable read after its loop, a
 *    recursive call's argument cut off from the recursion, two edits that cancel, a loop bound
 *    raised to a costlier class, a predicate made to return something other than a truth value)
 *    before those with one, fewer first (patches that silence the
 *    tests are never shown at all: silencing.ts); a recorded call of a passing test whose result
 *    the patch changes (behaviour/) is an objection too;
 *    a new input on which it raises where the code returned and another validated patch returns
 *    the same is one too, and so is a patch of fewer edits that it mostly repeats;
 * 2. more evidence first (behaviour/: recorded calls of passing tests kept, new inputs on which
 *    every validated patch agrees with it): the first patch is the best attested, not the likeliest;
 * 3. with the model's likelihood (when the model scored any of them), the search's prior key
 *    (search/prior.ts: log suspiciousness + weighted log kind-of-edit prior + weighted mean
 *    log-probability per token under the model, weights fitted on dev data; a model sample's
 *    kind is a sample); without it, suspiciousness x prior (the score);
 * 4. smaller edits;
 * 5. the model's likelihood;
 * then, among patches that answered every replayed input alike, one edit before two and the
 * smaller constant of one edit (ordinaryFirst). Each says why.
 */
export function rankValidated(patches: readonly ValidatedPatch[], weights: PriorWeights = PRIOR_WEIGHTS): ValidatedPatch[] {
  const likelihood = (p: ValidatedPatch): number => p.modelLogProb ?? Number.NEGATIVE_INFINITY;
  const scores = patches.map((p) => p.modelLogProb).filter((p): p is number => p !== undefined);
  // A patch the model cannot score counts as a typical one (the others' median).
  const fill = middle(scores);
  const keys = new Map(patches.map((p) => [p, priorKey(p, p.modelLogProb ?? null, fill, weights)]));
  const prior = (a: ValidatedPatch, b: ValidatedPatch): number => (scores.length > 0 ? keys.get(b)! - keys.get(a)! : byScore(a, b));
  const sorted = [...patches].sort(
    (a, b) => byStanding(a, b) || prior(a, b) || changedLines(a.diff) - changedLines(b.diff) || likelihood(b) - likelihood(a),
  );
  return ordinaryFirst(sorted).map((patch) => ({
    ...patch,
    assurance: assuranceOf(patch),
    rankedBecause: rankReason(patch, scores.length > 0),
  }));
}

/**
 * Among patches that stand alike and answered every replayed input alike (one behaviour group),
 * one edit before two, and of one edit with other numbers the smaller constant, take the best of
 * their places (edit-size.ts): the evidence cannot tell them apart; otherwise the prior's order.
 */
function ordinaryFirst(sorted: readonly ValidatedPatch[]): ValidatedPatch[] {
  const sizes = new Map(sorted.map((patch) => [patch, editSize(patch)]));
  const size = (patch: ValidatedPatch) => sizes.get(patch)!;
  const group = (patch: ValidatedPatch): string | undefined => patch.behaviour && `${standing(patch)}|${patch.behaviour.group}`;
  const fewerEdits = reorderedWithin(sorted, group, (a, b) => size(a).edits - size(b).edits);
  // The same edit with another number (`mid + 3`, `mid + 1`): the smaller constant first.
  return reorderedWithin(
    fewerEdits,
    (patch) => group(patch) && `${group(patch)}|${size(patch).edits}|${size(patch).shape}`,
    (a, b) => size(a).constant - size(b).constant,
  );
}

/** `items` with the members of each group (by `key`; undefined: in none) sorted among the places they hold. */
function reorderedWithin<T>(items: readonly T[], key: (item: T) => string | undefined, compare: (a: T, b: T) => number): T[] {
  const members = new Map<string, number[]>();
  items.forEach((item, place) => {
    const k = key(item);
    if (k !== undefined) members.set(k, [...(members.get(k) ?? []), place]);
  });
  const out = [...items];
  for (const places of members.values()) {
    const group = places.map((place) => items[place]!).sort(compare);
    places.forEach((place, k) => (out[place] = group[k]!));
  }
  return out;
}

/**
 * Why a patch stands where it does, in words: "kept 3 recorded calls and agreed with every other
 * patch on 2 new inputs; a common kind of edit on a suspicious line (0.42); the model's
 * probability 0.74 a token; 1 changed line; ranked down: leaves `n` unused".
 */
function rankReason(patch: ValidatedPatch, modelScored: boolean): string {
  const parts: string[] = [];
  const behaviour = patch.behaviour;
  if (behaviour) {
    const kept = `kept ${behaviour.kept} recorded call${behaviour.kept === 1 ? '' : 's'}`;
    parts.push(
      behaviour.others > 0
        ? `${kept} and agreed with every other patch on ${behaviour.agreesOn} new input${behaviour.agreesOn === 1 ? '' : 's'}`
        : kept,
    );
  }
  const origin: Record<CandidateSource, string> = {
    model: 'a sample of the model for a suspicious function',
    synth: "synthesized from what the failing tests asked of a suspicious line's code",
    template: 'a common kind of edit on a suspicious line',
    probe: 'a probe',
    server: `written by ${patch.from ?? 'the model server'} for a suspicious function`,
  };
  parts.push(`${origin[patch.source]} (${patch.score.toPrecision(2)})`);
  if (patch.modelLogProb !== undefined) parts.push(`the model's probability ${Math.exp(patch.modelLogProb).toFixed(2)} a token`);
  else if (modelScored) parts.push('the model could not score it (counted as typical)');
  const lines = changedLines(patch.diff);
  parts.push(`${lines} changed line${lines === 1 ? '' : 's'}`);
  const against = objectionsOf(patch).map(objectionText);
  return against.length > 0 ? `${parts.join('; ')}; ranked down: ${against.join('; ')}` : parts.join('; ');
}
