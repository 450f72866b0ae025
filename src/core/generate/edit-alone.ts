import { editAlone } from '../line-changes';
import type { Candidate, CandidateKind } from '../types';
import { makeCandidate } from './candidate';

// An edit made on top of a partial fix, made on the original function instead. When the two
// together pass the tests, the edit alone may too: the partial fix (a synthesized guard that
// happened to fix some failing tests) is then a needless part of the shown patch, and the edit
// alone often the developers' fix. The search validates it next (search/index.ts).

/**
 * `combined`, a candidate of the round on the partial fix `base` (generate/templates:
 * templateStreamOn), as its own edit alone on `originalFile`; null where that edit cannot be
 * made without the base's.
 */
export async function ownEditOf(combined: Candidate, base: Candidate, originalFile: string): Promise<Candidate | null> {
  const eol = originalFile.includes('\r\n') ? '\r\n' : '\n';
  const original = originalFile
    .split(eol)
    .slice(base.startLine - 1, base.endLine)
    .join(eol);
  const text = editAlone(original, base.newFunctionText, combined.newFunctionText);
  if (text === null) return null;
  return makeCandidate({
    file: combined.file,
    fileText: originalFile,
    startLine: base.startLine,
    endLine: base.endLine,
    newFunctionText: text,
    function: combined.function,
    source: combined.source,
    // The round named its candidates `${base.editKind}+${kind}` and `${base.summary}; ${summary}`.
    editKind: combined.editKind.slice(base.editKind.length + 1) as CandidateKind,
    summary: combined.summary.slice(base.summary.length + 2),
    score: combined.score,
    ...(combined.familyPrior !== undefined ? { familyPrior: combined.familyPrior } : {}),
  });
}
