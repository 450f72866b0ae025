import type { Assurance, ValidatedPatch } from '../types';
import { objectionsOf } from './objections';

// A fix or an unconfirmed patch: what the search proves is that the tests pass. A patch is
// called a fix only when the evidence goes beyond the failing tests (recorded calls of the
// passing tests that it keeps, or new inputs it answers as the code did before) and nothing
// speaks against it (no shape objection, no changed recorded call, no new crash, no patch of
// fewer edits that it mostly repeats). Everything else that validated is shown as unconfirmed,
// after the fixes, and counted apart: "passes the tests; nothing else confirms it".

export function assuranceOf(patch: Pick<ValidatedPatch, 'behaviour' | 'shape'>): Assurance {
  const behaviour = patch.behaviour;
  if (!behaviour) return 'unconfirmed';
  return objectionsOf(patch).length === 0 && behaviour.kept + behaviour.asBefore > 0 ? 'fix' : 'unconfirmed';
}

/** The words for an unconfirmed patch, wherever one is shown. */
export const UNCONFIRMED_TEXT = 'passes the tests; nothing else confirms it';

/** "2 fixes, 1 unconfirmed patch", "1 fix", "3 unconfirmed patches". */
export function assuranceCounts(patches: readonly Pick<ValidatedPatch, 'assurance'>[]): string {
  const fixes = patches.filter((p) => p.assurance === 'fix').length;
  const unconfirmed = patches.length - fixes;
  const parts = [
    ...(fixes > 0 ? [`${fixes} ${fixes === 1 ? 'fix' : 'fixes'}`] : []),
    ...(unconfirmed > 0 ? [`${unconfirmed} unconfirmed ${unconfirmed === 1 ? 'patch' : 'patches'}`] : []),
  ];
  return parts.join(', ');
}
