import type { Failure, PytestRun, Suspect, SuspectEvidence } from '../types';
import { scopesOf, unknownScope, type FileScopes, type EnclosingScope } from './scopes';
import { combinedSpectrum, spectrumOf, type LineSpectrum, type Spectrum } from './spectrum';
import { describeFrame, stackEvidence, type FrameEvidence } from './stack';

// Fault localization: ranks the functions (and the lines within them) most likely to hold the
// bug. Two kinds of evidence add up, each worth at most 1:
//   - the stack trace (the paper's heuristic, see stack.ts): 1/k for the k-th innermost
//     workspace frame, the best over the failing tests;
//   - the spectrum of the function's best line: DStar (e = 2, scaled by the run's largest)
//     and Ochiai, averaged, from the per-test coverage of failing vs passing tests.
// So the innermost frame outranks any function the spectrum alone points at, while a caller
// one frame up (1/2) overtakes a helper that raised when the helper also runs in passing
// tests and the caller does not. Failing tests combine through the spectrum (their coverage
// counts together) and through the trace (the best frame over all of them).
// Functions in test files rank after all others, whatever their score. Module-level code is
// a suspect only when a frame points at it (an error at import time): its spectrum means
// nothing, since module code runs on import whichever test triggers it.

export interface LocalizeOptions {
  workspace: string;
  /** The text of a workspace-relative file, or null when it cannot be read. */
  readSource: (file: string) => Promise<string | null>;
  isTestFile: (file: string) => boolean;
  /** Default 20. */
  maxSuspects?: number;
}

const DEFAULT_MAX_SUSPECTS = 20;
/** Frame reasons listed per suspect before summarizing the rest. */
const FRAME_REASONS = 3;

interface Accumulator {
  file: string;
  scope: EnclosingScope;
  inTestFile: boolean;
  trace: number;
  frames: FrameEvidence[];
  best: { line: number; entry: LineSpectrum; score: number } | null;
  lines: Map<number, { trace: number; spectrum: number }>;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

async function loadScopes(files: Iterable<string>, readSource: LocalizeOptions['readSource']): Promise<Map<string, FileScopes | null>> {
  const scopes = new Map<string, FileScopes | null>();
  for (const file of files) {
    if (scopes.has(file)) continue;
    const source = await readSource(file);
    scopes.set(file, source === null ? null : await scopesOf(source));
  }
  return scopes;
}

function reasonsOf(acc: Accumulator, spectrum: Spectrum, manyFailures: boolean): string[] {
  const reasons: string[] = [];
  const frames = [...acc.frames].sort((a, b) => a.position - b.position);
  for (const frame of frames.slice(0, FRAME_REASONS)) reasons.push(describeFrame(frame, manyFailures));
  if (frames.length > FRAME_REASONS) reasons.push(`and ${frames.length - FRAME_REASONS} more frames`);
  if (acc.best) {
    const { line, entry } = acc.best;
    reasons.push(`DStar ${entry.dstar.toFixed(1)}`, `Ochiai ${entry.ochiai.toFixed(2)}`);
    reasons.push(
      `line ${line} covered by ${entry.failed}/${spectrum.totalFailed} failing, ${entry.passed}/${spectrum.totalPassed} passing tests`,
    );
  }
  if (acc.inTestFile) reasons.push('in a test file');
  return reasons;
}

function evidenceOf(acc: Accumulator, spectrum: Spectrum): SuspectEvidence {
  const frames = [...acc.frames]
    .sort((a, b) => a.position - b.position)
    .map(({ failure, line, position, of, note }) => ({ nodeid: failure, line, position, of, ...(note ? { note } : {}) }));
  if (!acc.best) return { frames };
  const { line, entry } = acc.best;
  return {
    frames,
    spectrum: {
      line,
      failing: entry.failed,
      failingTotal: spectrum.totalFailed,
      passing: entry.passed,
      passingTotal: spectrum.totalPassed,
    },
  };
}

function bestPosition(acc: Accumulator): number {
  return Math.min(Infinity, ...acc.frames.map((frame) => frame.position));
}

/** Suspects best first: non-test code before test files, then by score. */
function compareSuspects(a: Accumulator & { score: number }, b: Accumulator & { score: number }): number {
  return (
    Number(a.inTestFile) - Number(b.inTestFile) ||
    b.score - a.score ||
    bestPosition(a) - bestPosition(b) ||
    a.file.localeCompare(b.file) ||
    a.scope.startLine - b.scope.startLine
  );
}

export async function localize(run: PytestRun, failures: Failure[], options: LocalizeOptions): Promise<Suspect[]> {
  const spectrum = spectrumOf(run, new Set(failures.map((failure) => failure.nodeid)));
  const frameFiles = failures.flatMap((failure) => failure.frames.filter((f) => f.inWorkspace).map((f) => f.file));
  const scopes = await loadScopes([...frameFiles, ...spectrum.lines.keys()], options.readSource);
  const scopeAt = (file: string, line: number, functionName: string): EnclosingScope =>
    scopes.get(file)?.scopeOf(line) ?? unknownScope(functionName, line);
  const keyOf = (file: string, scope: EnclosingScope): string => `${file}\0${scope.function}\0${scope.startLine}`;
  const evidence = failures.flatMap((failure) =>
    stackEvidence(failure, {
      isTestFile: options.isTestFile,
      scopeKey: (file, line, functionName) => keyOf(file, scopeAt(file, line, functionName)),
      lineText: (file, line) => scopes.get(file)?.lineText(line),
    }),
  );

  const accumulators = new Map<string, Accumulator>();
  const accumulatorFor = (file: string, scope: EnclosingScope): Accumulator => {
    const key = keyOf(file, scope);
    let acc = accumulators.get(key);
    if (!acc) {
      acc = { file, scope, inTestFile: options.isTestFile(file), trace: 0, frames: [], best: null, lines: new Map() };
      accumulators.set(key, acc);
    }
    return acc;
  };
  const lineOf = (acc: Accumulator, line: number): { trace: number; spectrum: number } => {
    let entry = acc.lines.get(line);
    if (!entry) {
      entry = { trace: 0, spectrum: 0 };
      acc.lines.set(line, entry);
    }
    return entry;
  };

  for (const frame of evidence) {
    const acc = accumulatorFor(frame.file, scopeAt(frame.file, frame.line, frame.function));
    acc.trace = Math.max(acc.trace, frame.weight);
    acc.frames.push(frame);
    const line = lineOf(acc, frame.line);
    line.trace = Math.max(line.trace, frame.weight);
  }
  for (const [file, perLine] of spectrum.lines) {
    const fileScopes = scopes.get(file);
    if (!fileScopes) continue;
    for (const [lineNumber, entry] of perLine) {
      const scope = fileScopes.scopeOf(lineNumber);
      if (!scope.isFunction) continue;
      const acc = accumulatorFor(file, scope);
      const score = combinedSpectrum(entry, spectrum);
      lineOf(acc, lineNumber).spectrum = score;
      if (!acc.best || score > acc.best.score) acc.best = { line: lineNumber, entry, score };
    }
  }

  const manyFailures = failures.length > 1;
  return [...accumulators.values()]
    .map((acc) => ({ ...acc, score: acc.trace + (acc.best?.score ?? 0) }))
    .sort(compareSuspects)
    .slice(0, options.maxSuspects ?? DEFAULT_MAX_SUSPECTS)
    .map((acc) => ({
      file: acc.file,
      function: acc.scope.function,
      startLine: acc.scope.startLine,
      endLine: acc.scope.endLine,
      score: round(acc.score),
      reasons: reasonsOf(acc, spectrum, manyFailures),
      evidence: evidenceOf(acc, spectrum),
      lines: [...acc.lines]
        .map(([line, { trace, spectrum: lineSpectrum }]) => ({ line, score: round(trace + lineSpectrum) }))
        .sort((a, b) => b.score - a.score || a.line - b.line),
    }));
}

/** The failure to show beside a suspect: the first whose trace runs through it, else the first. */
export function failureFor(suspect: Pick<Suspect, 'file' | 'startLine' | 'endLine'>, failures: readonly Failure[]): Failure | undefined {
  const through = failures.find((failure) =>
    failure.frames.some((frame) => frame.file === suspect.file && suspect.startLine <= frame.line && frame.line <= suspect.endLine),
  );
  return through ?? failures[0];
}
