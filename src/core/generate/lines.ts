// Line arithmetic over source text, shared by the candidate builder and the templates.
// Offsets are JavaScript string indices; lines are 1-based.

/** Offset where each line starts, plus one final entry for the end of the text. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  if (starts[starts.length - 1] !== text.length) starts.push(text.length);
  return starts;
}

/** Number of lines described by lineStarts' result. */
export function lineCount(starts: readonly number[]): number {
  return starts.length - 1;
}

/** Offset just past the last character of a line, its line break (\n or \r\n) excluded. */
export function lineEndOffset(text: string, starts: readonly number[], line: number): number {
  let end = starts[line]!;
  if (text[end - 1] === '\n') end -= text[end - 2] === '\r' ? 2 : 1;
  return end;
}

/** The 1-based line holding an offset. */
export function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** Lines startLine..endLine (1-based, inclusive) of `source`, without carriage returns, ending with a newline: a function as models read and write it. */
export function functionText(source: string, startLine: number, endLine: number): string {
  return (
    source
      .split('\n')
      .slice(startLine - 1, endLine)
      .join('\n')
      .replace(/\r$/gm, '') + '\n'
  );
}
