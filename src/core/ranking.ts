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
 * Validated patches best first: those without a shape a reviewer would object to (see
 * patch-shape.ts), then suspiciousness x prior (the score), then smaller edits, then the
 * model's likelihood as the last word between otherwise equal patches. Each says why.
 */
export function rankValidated(patches: readonly ValidatedPatch[]): ValidatedPatch[] {
  const likelihood = (p: ValidatedPatch): number => p.modelLogProb ?? Number.NEGATIVE_INFINITY;
  const objections = (p: ValidatedPatch): number => p.shape?.length ?? 0;
  return [...patches]
    .sort(
      (a, b) =>
        objections(a) - objections(b) || byScore(a, b) || changedLines(a.diff) - changedLines(b.diff) || likelihood(b) - likelihood(a),
    )
    .map((patch) => ({ ...patch, rankedBecause: rankReason(patch) }));
}

/** "prior x suspiciousness 0.42, 1 changed line, model log-prob -0.31; ranked down: leaves `n` unused". */
function rankReason(patch: ValidatedPatch): string {
  const parts = [`prior x suspiciousness ${patch.score.toPrecision(2)}`, `${changedLines(patch.diff)} changed lines`];
  if (patch.modelLogProb !== undefined) parts.push(`model log-prob ${patch.modelLogProb.toFixed(2)}`);
  const reason = parts.join(', ');
  return patch.shape?.length ? `${reason}; ranked down: ${patch.shape.join('; ')}` : reason;
}
