// Where "Debug with DeepDebug" shows above a test function: each test function that failed in
// the latest DeepDebug run of its folder, so that the entry exists without the Python
// extension's Testing view. Plain logic (no vscode import): the lens's line is found in the
// document's current text, so it follows edits above the function.
import { nodeidFile } from '../../core/pytest/failures';
import { absolutePath, type RunRecord } from './run-record';

export interface CodeLensSpec {
  /** 1-based line of the test function's `def`. */
  line: number;
  /** The folder the run was in, and the node ids to debug: every failing case of the function. */
  workspace: string;
  nodeids: string[];
}

/** "tests/test_a.py::TestX::test_y[1]" -> "test_y". */
function functionName(nodeid: string): string {
  const last = nodeid.slice(nodeid.lastIndexOf('::') + 2);
  const bracket = last.indexOf('[');
  return bracket < 0 ? last : last.slice(0, bracket);
}

/** The `def` line of a test function: the last one by that name above the line where it failed, else the first. */
function defLine(lines: readonly string[], name: string, failedAt: number | undefined): number | undefined {
  const pattern = new RegExp(`^\\s*(async\\s+)?def\\s+${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\(`);
  const found = lines.flatMap((text, index) => (pattern.test(text) ? [index + 1] : []));
  const above = failedAt === undefined ? [] : found.filter((line) => line <= failedAt);
  return above.at(-1) ?? found[0];
}

export function codeLensSpecs(runs: readonly RunRecord[], absPath: string, text: string): CodeLensSpec[] {
  const lines = text.split('\n');
  const specs = new Map<number, CodeLensSpec>();
  for (const run of runs) {
    for (const failure of run.failures) {
      const file = nodeidFile(failure.nodeid);
      if (failure.kind === 'collection' || absolutePath(run.workspace, file) !== absPath) continue;
      const failedAt = failure.frames.filter((frame) => frame.file === file).at(-1)?.line;
      const line = defLine(lines, functionName(failure.nodeid), failedAt);
      if (line === undefined) continue;
      const spec = specs.get(line) ?? { line, workspace: run.workspace, nodeids: [] };
      spec.nodeids.push(failure.nodeid);
      specs.set(line, spec);
    }
  }
  return [...specs.values()].sort((a, b) => a.line - b.line);
}
