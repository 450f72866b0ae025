// Where a run's findings show up in the editor: the failing assertion in each test, and the
// most suspicious line of code. Plain data (no vscode import); diagnostics.ts turns these
// into vscode.Diagnostics.
import type { Failure, Frame } from '../core/types';
import { absolutePath, nodeidFile, pendingPatches, stillFailing, testName, type RunRecord } from './runRecord';

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

/** "AssertionError: assert 3 == 4", first line only. */
export function exceptionLine(failure: Failure): string {
  const message = failure.message.split('\n')[0]?.trim() ?? '';
  return message ? `${failure.exception}: ${message}` : failure.exception;
}

/** The innermost frame in the failing test's own file: the assertion (or call) that failed. */
export function testFrame(failure: Failure): Frame | undefined {
  const file = nodeidFile(failure.nodeid);
  return [...failure.frames].reverse().find((frame) => frame.file === file);
}

export function diagnosticSpecs(run: RunRecord): DiagnosticSpec[] {
  const specs: DiagnosticSpec[] = [];
  if (!stillFailing(run)) return specs;
  const fixes = pendingPatches(run).length;
  const fixNote = fixes > 0 ? ` DeepDebug found ${fixes} validated fix${fixes === 1 ? '' : 'es'}.` : '';
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
  const top = run.suspects[0];
  const firstFailure = run.failures[0];
  if (top && firstFailure) {
    specs.push({
      absPath: absolutePath(run.workspace, top.file),
      line: suspiciousLine(top, firstFailure),
      message: `Most suspicious code for ${testName(firstFailure.nodeid)} (${top.reasons.join('; ')}): ${exceptionLine(firstFailure)}.${fixNote}`,
      severity: 'warning',
      code: DiagnosticCodes.suspect,
    });
  }
  return specs;
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
