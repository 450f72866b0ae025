import type { Failure, Frame, PytestRun, TestResult } from '../types';
import testFiles from './test-files.json';

// The failing tests of a run, as the engine repairs them.

const FAILING_OUTCOMES = new Set<TestResult['outcome']>(['failed', 'error', 'timeout', 'crashed']);

export function failuresOf(run: PytestRun): Failure[] {
  return run.tests.filter((test) => FAILING_OUTCOMES.has(test.outcome)).map(failureOf);
}

function failureOf(test: TestResult): Failure {
  return {
    nodeid: test.nodeid,
    kind: kindOf(test),
    exception: test.exception ?? (test.outcome === 'error' ? 'Error' : 'Failure'),
    message: test.message ?? '',
    longrepr: test.longrepr ?? '',
    frames: test.frames,
  };
}

function kindOf(test: TestResult): Failure['kind'] {
  if (test.outcome === 'timeout') return 'timeout';
  if (test.outcome === 'crashed') return 'crash';
  return test.phase === 'collect' ? 'collection' : 'test';
}

/** The file part of a pytest node id: "tests/test_a.py::TestX::test_y" -> "tests/test_a.py". */
export function nodeidFile(nodeid: string): string {
  const at = nodeid.indexOf('::');
  return at < 0 ? nodeid : nodeid.slice(0, at);
}

/** A glob of test-files.json as a regular expression: `*` is any run of characters, the rest literal. */
function globPattern(glob: string): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${glob.split('*').map(literal).join('.*')}$`);
}

const TEST_FILE_NAMES = testFiles.names.map(globPattern);

/**
 * The one rule for test files (workspace-relative paths): the files of the failing tests
 * given, and Python files whose names match pytest's default patterns or conftest.py, or that
 * lie under a test folder. The patterns live in test-files.json, which the Python bug makers
 * (models/training/extract_bugs.py, bench/real/make_bugs.py) read too.
 */
export function isTestFile(file: string, failures: readonly Failure[] = []): boolean {
  const parts = file.split(/[\\/]/);
  if (failures.some((failure) => nodeidFile(failure.nodeid) === parts.join('/'))) return true;
  const name = parts[parts.length - 1]!;
  if (!name.endsWith('.py')) return false;
  if (TEST_FILE_NAMES.some((pattern) => pattern.test(name))) return true;
  return parts.slice(0, -1).some((dir) => testFiles.folders.includes(dir));
}

/**
 * When only collection errors failed (a syntax or import error), no test ran and no patch can
 * be validated: the run is blocked. Says so in one line with the error's location; null when
 * some test did run and fail. The CLI and the editor word it alike through this.
 */
export function collectionBlocker(failures: readonly Failure[]): string | null {
  const [first] = failures;
  if (!first || failures.some((failure) => failure.kind !== 'collection')) return null;
  const conftest = conftestImport(first);
  if (conftest) return conftest;
  const where = first.frames.at(-1);
  const location = where ? ` at ${where.file}:${where.line}` : ` in ${first.nodeid}`;
  return `cannot collect the tests: ${first.exception}${location}: ${first.message.split('\n')[0]}`;
}

/** A conftest.py that raised while pytest imported it, worded as importFailureMessage does; null for any other collection error. */
function conftestImport(failure: Failure): string | null {
  const module = importedModule(failure.frames);
  if (!module || module.imported.file.split('/').pop() !== 'conftest.py') return null;
  return importFailureMessage(module.imported.file, { exception: failure.exception, message: failure.message }, module.stopped);
}

/**
 * Where a failure at import lies in the user's code: the module pytest imported (the outermost
 * of the user's frames, running a module's code) and where it stopped (the innermost); null
 * when the user's outermost frame is not a module's code.
 */
export function importedModule(frames: readonly Frame[]): { imported: Frame; stopped: Frame } | null {
  const own = frames.filter((frame) => frame.inWorkspace);
  const imported = own[0];
  const stopped = own.at(-1);
  return imported && stopped && imported.function === '<module>' ? { imported, stopped } : null;
}

/**
 * A module pytest imported as it started (a conftest.py, a plugin) that raised or called
 * sys.exit there, in one line: "conftest.py raised RuntimeError at import (line 4): no
 * database", "conftest.py exited with status 3 at import (sys.exit, line 1)". `stopped` is the
 * innermost of the user's frames: where it happened, in the module or in one it imported.
 */
export function importFailureMessage(
  file: string,
  failure: { exception: string; message: string } | { exitStatus: number },
  stopped: { file: string; line: number },
): string {
  const place = stopped.file === file ? `line ${stopped.line}` : `${stopped.file}:${stopped.line}`;
  if ('exitStatus' in failure) return `${file} exited with status ${failure.exitStatus} at import (sys.exit, ${place})`;
  const message = failure.message.split('\n')[0];
  return `${file} raised ${failure.exception} at import (${place})${message ? `: ${message}` : ''}`;
}
