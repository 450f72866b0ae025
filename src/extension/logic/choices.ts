// Local learning, small: which kinds of fixes the user applied or discarded in this workspace,
// and the order of equally-validated fixes next time (a kind the user keeps discarding sinks
// below its equals; one the user applies rises). Plain logic (no vscode import); the counts
// live in the extension's workspace storage (choice-memory.ts), never in the workspace.
import { standing } from '../../core/review/standing';
import type { ValidatedPatch } from '../../core/types';

export type Choice = 'applied' | 'discarded';

/** Per edit kind ("compare-op", "model-sample", "variable-misuse+off-by-one"): the user's choices so far. */
export type ChoiceCounts = Record<string, { applied: number; discarded: number }>;

export function withChoice(counts: ChoiceCounts, editKind: string, choice: Choice): ChoiceCounts {
  const now = counts[editKind] ?? { applied: 0, discarded: 0 };
  return { ...counts, [editKind]: { ...now, [choice]: now[choice] + 1 } };
}

function preference(counts: ChoiceCounts, editKind: string): number {
  const kind = counts[editKind];
  return kind ? kind.applied - kind.discarded : 0;
}

function reason(counts: ChoiceCounts, editKind: string, up: boolean): string {
  const kind = counts[editKind]!;
  return up
    ? `moved up among equals: you applied ${kind.applied} ${editKind} fix${kind.applied === 1 ? '' : 'es'} here before`
    : `moved down among equals: you discarded ${kind.discarded} ${editKind} fix${kind.discarded === 1 ? '' : 'es'} here before`;
}

/**
 * The engine's order, with each run of consecutive equals (the ranking's `standing`) reordered by the
 * user's past choices of their kinds (stable otherwise); a patch that moved says why.
 */
export function orderByChoices(patches: readonly ValidatedPatch[], counts: ChoiceCounts): ValidatedPatch[] {
  const ordered: ValidatedPatch[] = [];
  for (let start = 0; start < patches.length;) {
    let end = start + 1;
    while (end < patches.length && standing(patches[end]!) === standing(patches[start]!)) end++;
    const group = patches.slice(start, end);
    const sorted = [...group].sort((a, b) => preference(counts, b.editKind) - preference(counts, a.editKind));
    sorted.forEach((patch, index) => {
      const was = group.indexOf(patch);
      const note = index === was ? undefined : reason(counts, patch.editKind, index < was);
      ordered.push(note ? { ...patch, rankedBecause: patch.rankedBecause ? `${patch.rankedBecause}; ${note}` : note } : patch);
    });
    start = end;
  }
  return ordered;
}
