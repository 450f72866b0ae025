// The wire between ValidatorPool and the Python worker (src/python/deepdebug_worker.py):
// JSON lines, requests on one pipe, replies on another, so that nothing a candidate prints
// can interleave with them. These types mirror the worker's docstring.

/** Sent once, after the worker's pytest session collected the tests on the original code. */
export interface ReadyMessage {
  op: 'ready';
  pid: number;
  collected: string[];
  /** Requested node ids the session did not collect. */
  missing: string[];
}

/** The per-candidate limits the worker's forked child sets on itself. */
export interface ChildLimits {
  timeoutMs: number;
  memoryMb: number;
  cpuSeconds: number;
  fileSizeMb: number;
  /** RLIMIT_NPROC allowance; null where a pids cgroup limits processes (or nothing can). */
  nproc: number | null;
}

export interface CheckRequest extends ChildLimits {
  op: 'check';
  id: number;
  tests: string[];
}

export interface ValidateRequest extends ChildLimits {
  op: 'validate';
  id: number;
  /** Workspace-relative POSIX path of the patched file. */
  file: string;
  /** The whole patched file. */
  source: string;
  function: string;
  startLine: number;
  endLine: number;
  failing: string[];
  passing: string[];
  /** Passing tests that cover the patched function; used only when the patch is a body swap. */
  covering: string[] | null;
}

export type WorkerRequest = CheckRequest | ValidateRequest | { op: 'cancel' } | { op: 'quit' };

export type WireOutcome = 'passed' | 'failed' | 'error' | 'skipped' | 'xfailed' | 'xpassed';

export interface WireTestResult {
  nodeid: string;
  outcome: WireOutcome;
  phase: 'setup' | 'call' | 'teardown';
  message: string;
  durationMs: number;
  /** Run as a plain call of the test function, not through pytest's per-test protocol (see the worker's direct_nodeids). */
  direct?: boolean;
}

/** How the child applied the patch: code swap, module re-exec, served to a later import. */
export type PatchMethod = 'swap' | 'reexec' | 'import' | 'none';

export interface ResultMessage {
  op: 'result';
  id: number;
  status: 'done' | 'timeout' | 'crashed' | 'canceled';
  applied?: PatchMethod;
  /** The candidate could not be loaded (syntax error, module-level exception). */
  patchError?: string;
  results: WireTestResult[];
  detail: string;
  durationMs: number;
}

export type WorkerMessage = ReadyMessage | ResultMessage;
