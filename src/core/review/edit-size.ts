import { diffArrays } from 'diff';
import { editCount } from '../generate/candidate';
import type { ValidatedPatch } from '../types';

// How large and how unusual an edit is, for patches the evidence cannot tell apart: one edit
// before two, and for the same edit with another number, the smaller constant (`mid + 1` before
// `mid + 3`). A reviewer reads the smaller, more ordinary edit as the fix and the others as
// coincidences of the tests. Edits of one size and different shapes keep the prior's order: it
// knows which kinds are common (counting tokens put `not x <= 10` before `x >= 10`).

export interface EditSize {
  /** Edits the candidate combines (generate/candidate.ts). */
  edits: number;
  /** The largest magnitude of a number the patch adds (0 where it adds none). */
  constant: number;
  /** The changed tokens with every number as `#`: two edits of one shape differ only in their numbers. */
  shape: string;
}

const TOKEN = /[A-Za-z_]\w*|\d+(?:\.\d+)?|\S/g;

export function editSize(patch: Pick<ValidatedPatch, 'editKind' | 'diff' | 'summary'>): EditSize {
  const removed: string[] = [];
  const added: string[] = [];
  for (const line of patch.diff.split('\n')) {
    if (line.startsWith('---') || line.startsWith('+++')) continue;
    if (line.startsWith('-')) removed.push(...(line.slice(1).match(TOKEN) ?? []));
    else if (line.startsWith('+')) added.push(...(line.slice(1).match(TOKEN) ?? []));
  }
  let constant = 0;
  const shape: string[] = [];
  for (const part of diffArrays(removed, added)) {
    if (!part.added && !part.removed) continue;
    shape.push(part.added ? '+' : '-', ...part.value.map((token) => (/^\d/.test(token) ? '#' : token)));
    if (part.added) for (const token of part.value) if (/^\d/.test(token)) constant = Math.max(constant, Number(token));
  }
  return { edits: editCount(patch), constant, shape: shape.join(' ') };
}
