// Where two texts (or two lists of lines) differ, seen as one changed span: the length of
// their common start, and of their common end that does not overlap it. One owner for the
// model's edit target, the parser's tree edit, a sample's summary and the editor's replacement.

/** Elements equal at the start of both. */
export function commonPrefix<T>(before: ArrayLike<T>, after: ArrayLike<T>): number {
  const shorter = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < shorter && before[prefix] === after[prefix]) prefix++;
  return prefix;
}

/** Elements equal at the end of both, at most `limit` (what a common start leaves). */
export function commonSuffix<T>(before: ArrayLike<T>, after: ArrayLike<T>, limit: number): number {
  let suffix = 0;
  while (suffix < limit && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  return suffix;
}

/** The common start, and the common end that does not overlap it. */
export function commonEnds<T>(before: ArrayLike<T>, after: ArrayLike<T>): { prefix: number; suffix: number } {
  const prefix = commonPrefix(before, after);
  return { prefix, suffix: commonSuffix(before, after, Math.min(before.length, after.length) - prefix) };
}
