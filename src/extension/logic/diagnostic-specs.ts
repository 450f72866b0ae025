// Where a run's findings show up in the editor: the failing assertion in each test, and the
// most suspicious line of code. Plain data (no vscode import); diagnostics.ts turns these
// into vscode.Diagnostics.
import { exceptionLine, explanationLines, fixShortText, testName } from '../../core/review/explain';
import { nodeidFile } from '../../core/pytest/failures';
import type { Failure, Frame } from '../../core/types';
import { absolutePath, pendingPatches, stillFailing, type RunRecord } from './run-record';

export const DiagnosticCodes = {
  failure: 'deepdebug.failure',
  suspect: 'deepdebug.suspect',
} as const;
export type DiagnosticCode = (typeof DiagnosticCodes)[keyof typeof DiagnosticCodes];

export interface DiagnosticSpec {
  absPath: string;
  /** 1-based. */
  line: number;
  message: string;
  severity: 'error' | 'warning';
  code: DiagnosticCode;
}

/** The innermost frame in the failing test's own file: the assertion (or call) that failed. */
export function testFrame(failure: Failure): Frame | undefined {
  const file = nodeidFile(failure.nodeid);
  return [...failure.frames].reverse().find((frame) => frame.file === file);
}

export function diagnosticSpecs(run: RunRecord): DiagnosticSpec[] {
  if (run.inFlight) return inFlightSpecs(run);
  const specs: DiagnosticSpec[] = [];
  if (!stillFailing(run)) return specs;
  const pending = pendingPatches(run);
  const unconfirmed = pending.filter((record) => record.patch.assurance === 'unconfirmed').length;
  const fixes = pending.length - unconfirmed;
  const fixNote =
    fixes > 0
      ? ` DeepDebug found ${fixes} validated fix${fixes === 1 ? '' : 'es'}.`
      : unconfirmed > 0
        ? ` DeepDebug found ${unconfirmed} unconfirmed patch${unconfirmed === 1 ? '' : 'es'} (they pass the tests; nothing else confirms them).`
        : '';
  for (const failure of run.failures) {
    const frame = testFrame(failure);
    specs.push({
      absPath: absolutePath(run.workspace, frame?.file ?? nodeidFile(failure.nodeid)),
      line: frame?.line ?? 1,
      message: `${testName(failure.nodeid)} failed: ${exceptionLine(failure)}.${fixNote}`,
      severity: 'error',
      code: DiagnosticCodes.failure,
    });
  }
  const firstFailure = run.failures[0];
  const best = pendingPatches(run)[0];
  const top = run.suspects[0];
  if (firstFailure && best) {
    // A validated patch proves where the bug is: mark the line it changes.
    specs.push({
      absPath: best.absPath,
      line: firstChangedLine(best.patch.diff) ?? best.patch.startLine,
      message: [
        `${exceptionLine(firstFailure)} in ${testName(firstFailure.nodeid)}. Best DeepDebug fix: ${best.patch.summary} (${fixShortText(best.patch)}).`,
        ...(best.patch.explanation ? explanationLines(best.patch.explanation) : []),
      ].join('\n'),
      severity: 'warning',
      code: DiagnosticCodes.suspect,
    });
  } else if (firstFailure && top) {
    specs.push({
      absPath: absolutePath(run.workspace, top.file),
      line: suspiciousLine(top, firstFailure),
      // Its evidence in words is the suspect marks' hover (suspect-marks.ts), beside this one.
      message: `Most suspicious code for ${testName(firstFailure.nodeid)}: ${exceptionLine(firstFailure)}.${fixNote}`,
      severity: 'warning',
      code: DiagnosticCodes.suspect,
    });
  }
  return specs;
}

/** A run in flight knows no failure yet: its best early patch marks the line it changes, to hold the lightbulb. */
function inFlightSpecs(run: RunRecord): DiagnosticSpec[] {
  const best = pendingPatches(run)[0];
  if (!best) return [];
  const checked = best.recheck === 'running' ? 'still being re-checked in a clean copy of the workspace' : 'passed its clean re-check';
  return [
    {
      absPath: best.absPath,
      line: firstChangedLine(best.patch.diff) ?? best.patch.startLine,
      message: `DeepDebug found a fix while still running: ${best.patch.summary} (${fixShortText(best.patch)}; ${checked}).`,
      severity: 'warning',
      code: DiagnosticCodes.suspect,
    },
  ];
}

/** The first line (of the old file) a unified diff removes or adds at. */
export function firstChangedLine(diff: string): number | undefined {
  let oldLine: number | undefined;
  for (const line of diff.split('\n')) {
    const hunk = /^@@ -(\d+)/.exec(line);
    if (hunk) oldLine = Number(hunk[1]);
    else if (oldLine === undefined) continue;
    else if (line.startsWith('-') || line.startsWith('+')) return oldLine;
    else if (line.startsWith(' ')) oldLine++;
  }
  return undefined;
}

/** The suspect's best-ranked line, else where the traceback passed through it, else its def. */
function suspiciousLine(suspect: RunRecord['suspects'][number], failure: Failure): number {
  const ranked = suspect.lines[0]?.line;
  if (ranked !== undefined) return ranked;
  const inFunction = [...failure.frames]
    .reverse()
    .find((frame) => frame.file === suspect.file && frame.line >= suspect.startLine && frame.line <= suspect.endLine);
  return inFunction?.line ?? suspect.startLine;
}
