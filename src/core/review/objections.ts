import { behaviourObjections, behaviourObjectionText } from '../behaviour/words';
import type { Objection, ValidatedPatch } from '../types';

// Everything a reviewer would hold against a validated patch, as data: its shape (patch-shape/,
// found when it validated) and its behaviour on the passing tests' calls and new inputs
// (behaviour/). Any one makes the patch unconfirmed (assurance.ts); the ranking counts them
// (standing.ts) and words them (ranking.ts) through this one list.

export function objectionsOf(patch: Pick<ValidatedPatch, 'shape' | 'behaviour'>): Objection[] {
  return [...(patch.shape ?? []).map((shape) => ({ kind: 'shape' as const, ...shape })), ...behaviourObjections(patch)];
}

export function objectionText(objection: Objection): string {
  return objection.kind === 'shape' ? objection.text : behaviourObjectionText(objection);
}
