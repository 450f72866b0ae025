import { throwIfAborted } from '../errors';
import { sourceFiles, type SourceFile } from '../files/sources';
import { localize } from '../localize';
import { failuresOf, isTestFile } from '../pytest/failures';
import { neighbourFiles, withNeighbours } from '../pytest/neighbours';
import { runPytest } from '../pytest/run';
import { testSupportFiles } from '../pytest/test-support';
import type { IsTestCode } from '../search';
import type { EngineHooks, Failure, PytestRun, RunOptions, RunScope, Suspect, TestScope } from '../types';
import type { CoverageMap } from '../validate/selection';
import type { Clock } from './clock';

// The first stage of every run: the user's tests (and, for a selection, the other tests of
// its files), the failures, and the suspects ranked by the stack traces and the coverage spectrum.

export interface Analysis {
  workspace: string;
  ran: RunScope;
  /** The selected tests' run, with the passing tests around the selection when there was one. */
  run: PytestRun;
  /** Per test, the lines it ran (for the validator's covering tests and the recording's plan); undefined where coverage was not recorded. */
  coverage: CoverageMap | undefined;
  testScope?: TestScope;
  failures: Failure[];
  suspects: Suspect[];
  /** Test files and test support (pytest/test-support.ts): edited only where the user allows. */
  isTestCode: IsTestCode;
  sourceFile: (file: string) => Promise<SourceFile>;
  /** The file's text (decoded in its own encoding), null where there is none. */
  readSource: (file: string) => Promise<string | null>;
}

export async function analyzeStage(options: RunOptions, hooks: EngineHooks, clock: Clock): Promise<Analysis> {
  // runPytest checks the folder (one clear error) and resolves it; the later stages use its answer.
  const { python } = options;
  hooks.onProgress?.({ stage: 'running-tests', message: 'running tests' });
  const runOptions = (selection: string[]) => ({
    workspace: options.workspace,
    python,
    selection,
    coverage: true,
    // One hanging test must not eat the whole budget. Whole seconds: the limit is shown to the user.
    perTestTimeoutMs: Math.max(2, Math.min(30, Math.round(clock.left() / 4_000))) * 1_000,
    timeoutMs: Math.max(5_000, clock.left()),
  });
  const { timeline } = clock;
  const selected = await timeline.span('first-run', () => runPytest(runOptions(options.tests), hooks.signal));
  const files = failuresOf(selected).length > 0 ? neighbourFiles(options.tests, selected) : null;
  let run = selected;
  let testScope: TestScope | undefined;
  if (files) {
    hooks.onProgress?.({ stage: 'running-tests', message: `running the other tests of ${files.join(', ')}` });
    const neighbours = await timeline.span('neighbours-run', () => runPytest(runOptions(files), hooks.signal));
    ({ run, scope: testScope } = withNeighbours(selected, neighbours, files));
  }
  const workspace = run.workspace;
  const failures = failuresOf(run);
  throwIfAborted(hooks.signal);
  hooks.onProgress?.({
    stage: 'localizing',
    message: `${failures.length} failing of ${run.tests.length}; localizing`,
  });
  const sourceFile = sourceFiles(workspace);
  const readSource = async (file: string): Promise<string | null> => (await sourceFile(file)).text;
  // Test support (modules in a tests' folder that serve only the tests) counts as test code.
  const support = failures.length === 0 ? new Set<string>() : await testSupportFiles(workspace);
  const isTestCode = (file: string): boolean => isTestFile(file) || support.has(file);
  const suspects =
    failures.length === 0
      ? []
      : await timeline.span('localize', () => localize(run, failures, { workspace, readSource, isTestFile: isTestCode }));
  return {
    workspace,
    ran: { selection: options.tests, testsRun: selected.tests.length },
    run,
    coverage: coverageByTest(run),
    testScope,
    failures,
    suspects,
    isTestCode,
    sourceFile,
    readSource,
  };
}

/** Per test node id: the lines it ran, per workspace file (for the validator's covering tests). */
export function coverageByTest(run: PytestRun): CoverageMap | undefined {
  if (!run.coverageRecorded) return undefined;
  return Object.fromEntries(run.tests.filter((t) => t.coverage).map((t) => [t.nodeid, t.coverage!]));
}
