import { evidenceOf } from '../behaviour/words';
import type { Assurance, ValidatedPatch } from '../types';
import { assuranceOf } from './assurance';
import { objectionsOf } from './objections';

// Where a patch stands before the search's prior and the model decide: fix or unconfirmed,
// how many objections, how much evidence. The ranking's first keys (ranking.ts), and what the
// editor's memory of the user's choices may reorder within (src/extension/logic/choices.ts),
// kept apart from the ranking so the extension's bundle takes no more of the engine than this.

const objections = (patch: ValidatedPatch): number => objectionsOf(patch).length;

const FIX_FIRST: Record<Assurance, number> = { fix: 0, unconfirmed: 1 };

/** The ranking's first keys: fixes first, then fewer objections, then more evidence. */
export function byStanding(a: ValidatedPatch, b: ValidatedPatch): number {
  return FIX_FIRST[assuranceOf(a)] - FIX_FIRST[assuranceOf(b)] || objections(a) - objections(b) || evidenceOf(b) - evidenceOf(a);
}

/**
 * Where a patch stands before the search's prior and the model decide: patches alike in it
 * are equals, which the user's past choices may reorder (src/extension/logic/choices.ts).
 */
export function standing(patch: ValidatedPatch): string {
  return `${assuranceOf(patch)}|${objections(patch)}|${evidenceOf(patch)}`;
}
