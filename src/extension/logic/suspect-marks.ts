// Where the editor marks a run's suspects, and what each mark says: the suspects' most
// suspicious lines with their evidence in words on hover, and at each line where a failing
// test's trace passed, the local values that frame held, shown after the line like a
// post-mortem debugger would. Plain data (no vscode import); suspect-decorations.ts shows them.
import { evidenceLines, localsText, traceFrame } from '../../core/review/evidence';
import { absolutePath, stillFailing, type RunRecord } from './run-record';

/** Suspects marked in the editor; the panel lists the rest. */
const SUSPECTS_MARKED = 3;
/** Lines marked per suspect, from its ranking. */
const LINES_MARKED = 3;

export interface SuspectMark {
  /** The run it comes from. */
  runId: string;
  absPath: string;
  /** 1-based. */
  line: number;
  /** Markdown lines for the hover: which suspect, its evidence in words, its raw scores. */
  hover: string[];
  /** The frame's local values, shown after the line; absent where no failing frame stopped there. */
  locals?: string;
}

/** The marks of a run whose failures still stand (none once the tests pass or a fix is applied). */
export function suspectMarks(run: RunRecord): SuspectMark[] {
  if (!stillFailing(run)) return [];
  const suspects = run.suspects.slice(0, SUSPECTS_MARKED);
  return suspects.flatMap((suspect, index) => {
    const hover = [
      `**DeepDebug suspect ${index + 1} of ${run.suspects.length}: \`${suspect.function}\`**`,
      ...evidenceLines(suspect, run.failures).map((line) => `- ${line.trim()}`),
      `_Scores: ${suspect.score.toFixed(2)}; ${suspect.reasons.join('; ')}_`,
    ];
    const marks = new Map<number, SuspectMark>();
    const at = (line: number): SuspectMark => ({ runId: run.runId, absPath: absolutePath(run.workspace, suspect.file), line, hover });
    for (const { line } of suspect.lines.slice(0, LINES_MARKED)) marks.set(line, at(line));
    for (const frame of suspect.evidence?.frames ?? []) {
      const locals = traceFrame(suspect, frame, run.failures)?.locals;
      const mark = marks.get(frame.line) ?? at(frame.line);
      marks.set(frame.line, locals && Object.keys(locals).length > 0 && !mark.locals ? { ...mark, locals: localsText(locals) } : mark);
    }
    return [...marks.values()];
  });
}
