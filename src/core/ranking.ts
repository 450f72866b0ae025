import type { Candidate, ValidatedPatch } from './types';

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

/**
 * Validated patches best first: suspiciousness x prior (the score), then smaller edits, then
 * the model's likelihood as the last word between otherwise equal patches.
 */
export function rankValidated(patches: readonly ValidatedPatch[]): ValidatedPatch[] {
  const likelihood = (p: ValidatedPatch): number => p.modelLogProb ?? Number.NEGATIVE_INFINITY;
  return [...patches].sort(
    (a, b) => byScore(a, b) || changedLines(a.diff) - changedLines(b.diff) || likelihood(b) - likelihood(a),
  );
}
