import type { Failure } from '../types';
import type { ValidationOutcome } from '../validate';

// What goes back to the model after its function ran (as conversational repair does): which
// failing tests now pass, and how the others fail, in a few lines. Only an answer that changed
// something is worth a round: it fixed some failing tests, or the tests now fail otherwise than
// before; one that fails just as the code did says nothing new.

/** Tests listed in one feedback message, and characters of each test's message. */
const TESTS_LISTED = 3;
const MESSAGE_CHARS = 300;

/** The user turn that reports `outcome` to the model, or null where it is not worth a round. */
export function feedbackText(outcome: ValidationOutcome, failures: readonly Failure[], name: string): string | null {
  if (outcome.verdict === 'validated' || outcome.verdict === 'harmful' || outcome.tests.length === 0) return null;
  const before = new Map(failures.map((failure) => [failure.nodeid, firstLine(failure.message)]));
  const notPassing = outcome.tests.filter((test) => test.outcome !== 'passed' && test.outcome !== 'xpassed' && test.outcome !== 'skipped');
  const failsOtherwise = notPassing.some((test) => before.get(test.nodeid) !== firstLine(test.message));
  const { failingFixed, failingTotal } = outcome.validation;
  if (failingFixed === 0 && !failsOtherwise) return null;
  const listed = notPassing
    .slice(0, TESTS_LISTED)
    .map((test) => `- ${test.nodeid}: ${test.outcome}${test.message ? `: ${firstLine(test.message).slice(0, MESSAGE_CHARS)}` : ''}`);
  const more = notPassing.length > TESTS_LISTED ? [`- and ${notPassing.length - TESTS_LISTED} more`] : [];
  return [
    `With your function, ${failingFixed} of the ${failingTotal} failing test${failingTotal === 1 ? '' : 's'} now pass${failingFixed === 1 ? 'es' : ''}, and these tests do not pass:`,
    ...listed,
    ...more,
    `Answer with the whole corrected function \`${name}\` in one \`\`\`python block.`,
  ].join('\n');
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}
