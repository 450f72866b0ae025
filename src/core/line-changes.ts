import { diffArrays } from 'diff';

// Line changes between texts: a diff's hunks, and one text's change moved onto another.

/** A run of lines [from, to) of the first text that the second replaces by `lines` (from === to: an insertion before `from`). */
export interface LineHunk {
  from: number;
  to: number;
  lines: string[];
}

/** The runs of `before`'s lines that `after` replaces, in order (a line diff's hunks without context). */
export function lineHunks(before: readonly string[], after: readonly string[]): LineHunk[] {
  const hunks: LineHunk[] = [];
  let at = 0;
  let open: LineHunk | null = null;
  for (const change of diffArrays(before as string[], after as string[])) {
    const count = change.value.length;
    if (!change.added && !change.removed) {
      open = null;
      at += count;
      continue;
    }
    if (!open) hunks.push((open = { from: at, to: at, lines: [] }));
    if (change.removed) open.to = at += count;
    else open.lines.push(...change.value);
  }
  return hunks;
}

/**
 * `original` with the change `combined` makes to `base`, for three texts of one function: as
 * written, with a partial fix, with the partial fix and one more edit. Null where that change
 * touches a line the partial fix changed, adds lines where the original has no one place for
 * them, or makes no change.
 */
export function editAlone(original: string, base: string, combined: string): string | null {
  const originalLines = original.split('\n');
  const baseLines = base.split('\n');
  const kept = keptLines(originalLines, baseLines);
  const hunks = lineHunks(baseLines, combined.split('\n'));
  if (hunks.length === 0) return null;
  const result = [...originalLines];
  // From the last to the first, so the earlier ones' places stay where they were.
  for (const { from, to, lines } of hunks.reverse()) {
    let at: number;
    if (to > from) {
      at = kept[from] ?? -1;
      if (at < 0) return null;
      for (let k = from; k < to; k++) if (kept[k] !== at + (k - from)) return null;
    } else {
      // Beside a kept neighbour; between two that were not next to each other (lines the base
      // removed between them) or two the base changed, nowhere in particular.
      const before = from > 0 ? (kept[from - 1] ?? null) : -1;
      const after = from < baseLines.length ? (kept[from] ?? null) : originalLines.length;
      if (before !== null && after !== null && after !== before + 1) return null;
      const place = after ?? (before === null ? null : before + 1);
      if (place === null) return null;
      at = place;
    }
    result.splice(at, to - from, ...lines);
  }
  return result.join('\n');
}

/** For each line of `base`, the index of the same line in `original` where the base kept it; null where the base changed it. */
function keptLines(original: string[], base: string[]): (number | null)[] {
  const kept: (number | null)[] = [];
  let at = 0;
  for (const { from, to, lines } of lineHunks(original, base)) {
    while (at < from) kept.push(at++);
    kept.push(...lines.map(() => null));
    at = to;
  }
  while (at < original.length) kept.push(at++);
  return kept;
}
