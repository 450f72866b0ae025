// The paper's book-ending comments around the focal function. Being comments, they keep the
// skeleton valid Python; the model learns to rewrite what lies between them.
export const TARGET_EDIT_MARKER = '# target edit';
export const END_MARKER = '# end';

/**
 * The focal function's text from a skeleton: the lines between `# target edit` and the
 * `# end` at the same indentation (both exclusive), as they appear in the source file, ending
 * with a newline. Null when the markers are missing.
 */
export function extractFocal(skeleton: string): string | null {
  const lines = skeleton.split('\n');
  const start = lines.findIndex((line) => line.trimStart() === TARGET_EDIT_MARKER);
  if (start < 0) return null;
  // Matching the indentation skips a user's own "# end" comment inside the focal body.
  const indent = lines[start]!.slice(0, lines[start]!.length - TARGET_EDIT_MARKER.length);
  const end = lines.findIndex((line, i) => i > start && line === indent + END_MARKER);
  if (end < 0) return null;
  return lines.slice(start + 1, end).join('\n') + '\n';
}
