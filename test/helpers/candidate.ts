import type { Candidate } from '../../src/core/types';

/** A hand-written template candidate: `file`'s function `fn` at `lines`, the file's whole new text `newFileText`. */
export function candidateIn(file: string, fn: string, lines: [number, number], newFileText: string, summary = 'test candidate'): Candidate {
  return {
    kind: 'candidate',
    file,
    function: fn,
    startLine: lines[0],
    endLine: lines[1],
    newFunctionText: newFileText
      .split('\n')
      .slice(lines[0] - 1, lines[1])
      .join('\n'),
    newFileText,
    diff: '',
    source: 'template',
    editKind: 'compare-op',
    summary,
    score: 1,
  };
}
