import { exceptionLine, testName } from './explain';
import { isTestFile } from '../pytest/failures';
import type { Failure, Frame, Suspect, SuspectFrame } from '../types';

// The evidence against a suspect in plain words, with the values the failing tests saw, like
// a post-mortem debugger would show them: where a failing test's trace passes through it, the
// local variables at that frame, and how many failing and passing tests ran its most
// suspicious line. The one wording that the CLI's evidence block, the review panel and the
// editor's hover share; the raw scores stay in Suspect.reasons.

/** Frames worded per suspect; the rest are counted. */
const FRAMES_SHOWN = 3;
/** Local variables shown per frame, each repr cut to REPR_CHARS. */
const LOCALS_SHOWN = 8;
const REPR_CHARS = 60;

/** The suspects to show people: test functions only where edits to tests are allowed or nothing else was found. */
export function shownSuspects(suspects: readonly Suspect[], failures: readonly Failure[], allowTestEdits: boolean): Suspect[] {
  const code = suspects.filter((suspect) => !isTestFile(suspect.file, failures));
  return allowTestEdits || code.length === 0 ? [...suspects] : code;
}

/** The frame of a failure's trace a suspect frame stands for: same file, same line. */
export function traceFrame(suspect: Pick<Suspect, 'file'>, frame: SuspectFrame, failures: readonly Failure[]): Frame | undefined {
  const failure = failures.find((f) => f.nodeid === frame.nodeid);
  return failure?.frames.filter((f) => f.file === suspect.file && f.line === frame.line).at(-1);
}

/** "value = 42, low = 0, high = 10": a frame's locals, bounded as the plugin recorded them. */
export function localsText(locals: Record<string, string>): string {
  const entries = Object.entries(locals);
  const shown = entries
    .slice(0, LOCALS_SHOWN)
    .map(([name, repr]) => `${name} = ${repr.length > REPR_CHARS ? `${repr.slice(0, REPR_CHARS - 1)}…` : repr}`);
  return shown.join(', ') + (entries.length > LOCALS_SHOWN ? `, and ${entries.length - LOCALS_SHOWN} more` : '');
}

function frameText(frame: SuspectFrame, failures: readonly Failure[]): string {
  const test = testName(frame.nodeid);
  const failure = failures.find((f) => f.nodeid === frame.nodeid);
  const error = failure ? ` (${exceptionLine(failure)})` : '';
  const where =
    frame.position === 1
      ? `line ${frame.line} is where ${test} failed${error}, the innermost of ${frame.of} frame${frame.of === 1 ? '' : 's'} in the project's code`
      : `line ${frame.line} is on the way to ${test}'s failure${error}: frame ${frame.position} of ${frame.of}, counted from where it failed`;
  if (frame.note === 'raised explicitly')
    return `${where}; it raises on purpose there (an assert or raise), so what it was given is suspected first`;
  if (frame.note === 'called the function that raised') return `${where}; it called the function that raised on purpose`;
  return where;
}

/** "by the failing test", "by all 3 failing tests", "by none of the 9 passing ones". */
function byTests(count: number, total: number, kind: 'failing' | 'passing'): string {
  if (total === 1) return count === 1 ? `by the ${kind} test` : `not by the ${kind} test`;
  if (count === total) return total === 2 ? `by both ${kind} tests` : `by all ${total} ${kind} tests`;
  return `by ${count === 0 ? 'none' : count} of the ${total} ${kind} ${kind === 'failing' ? 'tests' : 'ones'}`;
}

function spectrumText({
  line,
  failing,
  failingTotal,
  passing,
  passingTotal,
}: NonNullable<NonNullable<Suspect['evidence']>['spectrum']>): string {
  const failingPart = `line ${line} was run ${byTests(failing, failingTotal, 'failing')}`;
  return passingTotal === 0 ? `${failingPart} (no test passed)` : `${failingPart} and ${byTests(passing, passingTotal, 'passing')}`;
}

/** The evidence against a suspect, one statement per line; a frame's locals on the line after it, indented. */
export function evidenceLines(suspect: Suspect, failures: readonly Failure[]): string[] {
  const evidence = suspect.evidence;
  if (!evidence) return suspect.reasons;
  const lines: string[] = [];
  for (const frame of evidence.frames.slice(0, FRAMES_SHOWN)) {
    lines.push(frameText(frame, failures));
    const locals = traceFrame(suspect, frame, failures)?.locals;
    if (locals && Object.keys(locals).length > 0) lines.push(`  values there: ${localsText(locals)}`);
  }
  const more = evidence.frames.length - FRAMES_SHOWN;
  if (more > 0) lines.push(`and ${more} more frame${more === 1 ? '' : 's'} of failing tests pass through it`);
  if (evidence.spectrum) lines.push(spectrumText(evidence.spectrum));
  return lines;
}
