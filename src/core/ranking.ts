import type { Candidate, ValidatedPatch } from './types';

// Two orderings: which candidates to spend validation time on first, and how to present the
// patches that validated. Both are pure functions over plain data.

function byModelThenScore(a: Candidate, b: Candidate): number {
  const modelA = a.modelLogProb ?? Number.NEGATIVE_INFINITY;
  const modelB = b.modelLogProb ?? Number.NEGATIVE_INFINITY;
  if (modelA !== modelB) return modelB - modelA;
  return b.score - a.score;
}

/**
 * Model samples and template edits interleaved one to one, each list in its own best-first
 * order. Their scores are on different scales (log-probability vs suspiciousness x prior), so
 * neither is allowed to starve the other; the model's few samples get validated early while
 * the long tail of templates follows.
 */
export function orderForValidation(candidates: readonly Candidate[]): Candidate[] {
  const fromModel = candidates.filter((c) => c.source === 'model').sort(byModelThenScore);
  const templates = candidates.filter((c) => c.source === 'template').sort(byModelThenScore);
  const ordered: Candidate[] = [];
  for (let i = 0; i < Math.max(fromModel.length, templates.length); i++) {
    if (i < fromModel.length) ordered.push(fromModel[i]!);
    if (i < templates.length) ordered.push(templates[i]!);
  }
  return ordered;
}

/** Lines added or removed by a unified diff: the size of the edit. */
export function changedLines(diff: string): number {
  let count = 0;
  for (const line of diff.split('\n')) {
    if ((line.startsWith('+') && !line.startsWith('+++')) || (line.startsWith('-') && !line.startsWith('---'))) count++;
  }
  return count;
}

/** Validated patches best first: model likelihood, then suspiciousness x prior, then smaller edits. */
export function rankValidated(patches: readonly ValidatedPatch[]): ValidatedPatch[] {
  return [...patches].sort((a, b) => byModelThenScore(a, b) || changedLines(a.diff) - changedLines(b.diff));
}
