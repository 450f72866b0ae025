import type { PytestRun, TestResult, TestScope } from '../types';
import { nodeidFile } from './failures';

// The tests around a selection. A user who clicks one failing test (or filters with -k / -m)
// runs only that test, yet a patch that fixes it by breaking the other tests of its file is
// no fix: those neighbours are run once too, and the ones that pass join the tests a patch
// must keep passing.

/** Options whose next argument is an expression that filters tests within their files. */
const FILTERS = new Set(['-k', '-m']);

/**
 * The files to run whole around `selection`, or null when it already runs whole files or
 * folders (or the whole suite): only single tests and filters leave neighbours out.
 */
export function neighbourFiles(selection: readonly string[], run: PytestRun): string[] | null {
  const narrow = selection.some((item) => FILTERS.has(item) || item.includes('::'));
  if (!narrow) return null;
  const files = new Set(run.tests.filter((test) => test.phase !== 'collect').map((test) => nodeidFile(test.nodeid)));
  return files.size > 0 ? [...files] : null;
}

/** `run` with the tests of `around` that passed and were not selected, and the scope that says so. */
export function withNeighbours(run: PytestRun, around: PytestRun, files: string[]): { run: PytestRun; scope: TestScope } {
  const selected = new Set(run.tests.map((test) => test.nodeid));
  const neighbours: TestResult[] = around.tests.filter((test) => test.outcome === 'passed' && !selected.has(test.nodeid));
  return {
    run: { ...run, tests: [...run.tests, ...neighbours], environRead: [...new Set([...run.environRead, ...around.environRead])].sort() },
    scope: { selected: selected.size, files, neighbours: neighbours.length },
  };
}

/** "the 1 selected test and the 2 other passing tests of tests/test_leap.py", for the CLI and the editor. */
export function testScopeText(scope: TestScope): string {
  const selected = scope.selected === 1 ? 'the 1 selected test' : `the ${scope.selected} selected tests`;
  const others = scope.neighbours === 1 ? 'the 1 other passing test' : `the ${scope.neighbours} other passing tests`;
  return `${selected} and ${others} of ${scope.files.join(', ')}`;
}
