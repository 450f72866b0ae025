// Which previously passing tests a body-swapped candidate must re-run: a test that never
// executed a line of the patched function cannot observe a new body for it.

/** Coverage per test node id: workspace-relative file -> executed lines. */
export type CoverageMap = Record<string, Record<string, number[]>>;

/**
 * The passing tests that executed any line in [startLine, endLine] of `file`, in the given
 * order; tests without coverage data are kept (nothing proves them unaffected). Null when no
 * coverage was recorded at all.
 */
export function coveringTests(
  coverage: CoverageMap | undefined,
  passing: readonly string[],
  file: string,
  startLine: number,
  endLine: number,
): string[] | null {
  if (!coverage) return null;
  return passing.filter((nodeid) => {
    const perFile = coverage[nodeid];
    if (!perFile) return true;
    const lines = perFile[file] ?? [];
    return lines.some((line) => line >= startLine && line <= endLine);
  });
}
