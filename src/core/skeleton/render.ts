import { END_MARKER, TARGET_EDIT_MARKER } from './markers';
import type { Outline } from './outline';

// Emits the selected units in file order, as valid Python layout: lines keep their
// indentation, a class or function whose content was dropped gets `...` after its header (or
// its docstring), runs of skipped blank lines collapse to one, and the focal lines sit between
// `# target edit` and `# end` at the focal function's indentation.

function leadingWhitespace(line: string): string {
  return /^[ \t]*/.exec(line)![0];
}

export function renderSkeleton(lines: readonly string[], outline: Outline, selected: ReadonlySet<number>): string {
  const emitted = new Array<boolean>(lines.length + 2).fill(false);
  for (const id of selected) {
    const { start, end } = outline.units[id]!.lines;
    for (let line = start; line <= end; line++) emitted[line] = true;
  }
  const elisions = new Map<number, string>();
  for (const block of outline.blocks) {
    if (!selected.has(block.header) || block.content.some((id) => selected.has(id))) continue;
    const last = block.docstring !== null && selected.has(block.docstring) ? block.docstring : block.header;
    elisions.set(outline.units[last]!.lines.end, outline.units[block.header]!.elisionIndent ?? '');
  }
  const focalIndent = leadingWhitespace(lines[outline.focal.start - 1] ?? '');
  const out: string[] = [];
  let skippedBlank = false;
  for (let line = 1; line <= lines.length; line++) {
    const text = lines[line - 1]!;
    if (!emitted[line]) {
      if (text.trim() === '') skippedBlank = true;
      continue;
    }
    if (skippedBlank && out.length > 0) out.push('');
    skippedBlank = false;
    if (line === outline.focal.start) out.push(focalIndent + TARGET_EDIT_MARKER);
    out.push(text);
    if (line === outline.focal.end) out.push(focalIndent + END_MARKER);
    const elision = elisions.get(line);
    if (elision !== undefined) out.push(elision + '...');
  }
  return out.join('\n') + '\n';
}
