import type { Candidate, ValidatedPatch } from './types';

// Two orderings: which candidates to spend validation time on first, and how to present the
// patches that validated. Both are pure functions over plain data.

/**
 * Template edits per model sample in the validation order. The shipped model's measured
 * held-out exact-fix rate is still far below the templates' (see models/deepdebug-small), so
 * its samples get a fifth of the validation slots: enough to land a fix the templates cannot
 * express, too few to delay the templates' fixes much. Revisit when a better model ships.
 */
const TEMPLATES_PER_MODEL_SAMPLE = 4;

function byScore(a: Candidate, b: Candidate): number {
  return b.score - a.score;
}

/** Template edits best first, with one model sample (best first) after every few templates. */
export function orderForValidation(candidates: readonly Candidate[]): Candidate[] {
  const fromModel = candidates.filter((c) => c.source === 'model').sort(byScore);
  const templates = candidates.filter((c) => c.source === 'template').sort(byScore);
  const ordered: Candidate[] = [];
  let sample = 0;
  templates.forEach((template, index) => {
    ordered.push(template);
    if ((index + 1) % TEMPLATES_PER_MODEL_SAMPLE === 0 && sample < fromModel.length) ordered.push(fromModel[sample++]!);
  });
  return [...ordered, ...fromModel.slice(sample)];
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
