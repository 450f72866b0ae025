// When a test run the user started some other way (the Python extension's Testing view, a
// terminal) leaves tests failing, DeepDebug starts a fix on them by itself, so the lightbulb and
// the panel hold a fix when the user looks. No VS Code API shows another extension's test
// results; every pytest run writes pytest's own cache, and its `lastfailed` file lists the
// failing tests. Plain logic (no vscode import); background-watcher.ts watches the file.
import { nodeidFile } from '../../core/pytest/failures';

/** pytest's list of failing tests, relative to the folder pytest ran in (its rootdir). */
export const LAST_FAILED = '.pytest_cache/v/cache/lastfailed';

/** The node ids in a `lastfailed` file: a JSON object keyed by node id; none when absent, empty or unreadable. */
export function parseLastFailed(text: string | undefined): string[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
    return Object.entries(parsed)
      .filter(([nodeid, failed]) => nodeid.length > 0 && failed === true)
      .map(([nodeid]) => nodeid);
  } catch {
    return [];
  }
}

/** A DeepDebug run in flight: where, and whether DeepDebug started it by itself. */
export interface RunInFlight {
  workspace: string;
  background: boolean;
}

export interface BackgroundQuestion {
  workspace: string;
  /** The node ids `lastfailed` lists now. */
  failing: readonly string[];
  /** The failing tests DeepDebug's last run in this folder already looked at. */
  covered: readonly string[];
  inFlight: RunInFlight | undefined;
  /** Whether the file a node id names (workspace-relative) is still there. */
  fileExists(file: string): boolean;
}

/**
 * The tests to start a background fix on; none to start nothing. Nothing while a DeepDebug run
 * is in flight in the folder (its own tests changed nothing the user did) or a run the user
 * started is in flight anywhere (a background run never stops one). Tests whose files are gone
 * are dropped; failures DeepDebug's last run already covered start nothing again.
 */
export function backgroundTests(question: BackgroundQuestion): string[] {
  const { inFlight } = question;
  if (inFlight && (inFlight.workspace === question.workspace || !inFlight.background)) return [];
  const tests = question.failing.filter((nodeid) => question.fileExists(nodeidFile(nodeid)));
  const covered = new Set(question.covered);
  return tests.every((nodeid) => covered.has(nodeid)) ? [] : tests;
}
