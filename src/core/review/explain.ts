import type { Candidate, Failure, FixExplanation, FixedTest, ValidatedPatch } from '../types';
import type { ValidationOutcome } from '../validate';

// Why a validated patch is a fix, in the tests' own terms: each originally failing test with
// the error it failed with before the patch and its outcome under it, and the other tests of
// the run that ran under the patch in its clean re-check. The data goes into the JSON report;
// the wording here is the one the CLI, the panel, the quick fix and the diagnostics share.

/** "AssertionError: assert 3 == 4": a failure's exception and the first line of its message. */
export function exceptionLine(failure: Pick<Failure, 'exception' | 'message'>): string {
  const message = failure.message.split('\n')[0]?.trim() ?? '';
  return message ? `${failure.exception}: ${message}` : failure.exception;
}

/**
 * The explanation of a patch from its clean re-check (`recheck`: the outcome of running it in
 * a fresh session) and the failures it was made for. `passedBefore`: how many tests passed in
 * the run before the patch.
 */
export function explainFix(
  recheck: Pick<ValidationOutcome, 'tests' | 'validation'>,
  failures: readonly Failure[],
  passedBefore: number,
): FixExplanation {
  const after = new Map(recheck.tests.map((test) => [test.nodeid, test.outcome]));
  return {
    fixed: failures.flatMap((failure) => {
      const outcome = after.get(failure.nodeid);
      if (outcome !== 'passed' && outcome !== 'xpassed') return [];
      return [{ nodeid: failure.nodeid, before: { kind: failure.kind, error: exceptionLine(failure) }, after: outcome }];
    }),
    others: { passedBefore, ran: recheck.validation.suiteTotal, passed: recheck.validation.suitePassed },
  };
}

/** "test_y[1]" from "tests/test_a.py::test_y[1]". */
export function testName(nodeid: string): string {
  const at = nodeid.lastIndexOf('::');
  return at < 0 ? nodeid : nodeid.slice(at + 2);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** How a test failed before the patch: "failed with AssertionError: assert 3 == 4", "timed out". */
function failedText({ kind, error }: FixedTest['before']): string {
  if (kind === 'timeout') return 'timed out';
  if (kind === 'crash') return 'crashed the interpreter';
  return `failed with ${error}`;
}

/** The whole explanation in lines: each failing test before and after, then the rest of the run. */
export function explanationLines(explanation: FixExplanation): string[] {
  return [...fixedTestsLines(explanation), otherTestsLine(explanation)];
}

/** One line per originally failing test: "test_y failed with AssertionError: assert 3 == 4; now it passes". */
function fixedTestsLines(explanation: FixExplanation): string[] {
  return explanation.fixed.map(
    (test) =>
      `${testName(test.nodeid)} ${failedText(test.before)}; now it ${test.after === 'xpassed' ? 'passes (it is marked xfail)' : 'passes'}`,
  );
}

/** What the rest of the run says about the patch, plainly: how many other tests ran under it and passed. */
function otherTestsLine({ others }: FixExplanation): string {
  const { passedBefore, ran, passed } = others;
  if (passedBefore === 0) return 'there is no other test in this run';
  if (ran === 0) return `none of the ${plural(passedBefore, 'other test')} of this run runs the patched code, so none was re-run`;
  const result = passed === ran ? `and still ${ran === 1 ? 'passes' : 'pass'}` : `and ${passed} of them pass, ${ran - passed} fail`;
  const all = ran === 1 ? 'the one other test' : ran === 2 ? 'both other tests' : `all ${ran} other tests`;
  if (ran === passedBefore) return `${all} of this run ran under the patch ${result}`;
  return `the ${plural(ran, 'other test')} that ${ran === 1 ? 'runs' : 'run'} the patched code ran under the patch ${result} (the other ${passedBefore - ran} do not run it)`;
}

/** A patch's result in one short phrase, for titles and list rows: "fixes 2 failing tests; 41/41 other tests pass". */
export function fixShortText(patch: Pick<ValidatedPatch, 'validation' | 'explanation'>): string {
  const fixed = patch.explanation?.fixed.length ?? patch.validation.failingFixed;
  const { suiteTotal, suitePassed } = patch.validation;
  const { passedBefore, ran, passed } = patch.explanation?.others ?? { passedBefore: suiteTotal, ran: suiteTotal, passed: suitePassed };
  const head = `fixes ${plural(fixed, 'failing test')}`;
  if (passedBefore === 0) return `${head}; no other tests`;
  if (ran === 0) return `${head}; no other test runs this code`;
  const others = `${passed}/${plural(ran, 'other test')} ${ran === 1 ? 'passes' : 'pass'}`;
  return ran === passedBefore ? `${head}; ${others}` : `${head}; ${others} (those that run this code)`;
}

/** Where a patch came from, as the CLI and the panel show it: "template (off-by-one)", "model", "from qwen2.5-coder:7b via Ollama". */
export function originText(candidate: Pick<Candidate, 'source' | 'editKind' | 'from'>): string {
  if (candidate.source === 'server') return `from ${candidate.from ?? 'the model server'}`;
  return candidate.source === 'model' ? 'model' : `${candidate.source} (${candidate.editKind})`;
}
