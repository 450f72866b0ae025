import type { Failure } from '../types';

// The paper's stack-trace heuristic: the frames of the user's own code, the most recently
// called first, weighing 1/k for the k-th. Two refinements:
//   - consecutive frames of one function (a comprehension or generator inside it) count once;
//   - a function that raised on purpose (its line is a `raise` or an `assert`) rejected what
//     it was given, so its caller takes the first rank and it takes the second.
// Test-file frames are ranked among themselves, since they come after every other function.

export interface FrameEvidence {
  failure: string;
  file: string;
  line: number;
  /** The frame's code name (not qualified): used only when the file cannot be read. */
  function: string;
  /** 1 for the innermost workspace frame (frames of one function counted once). */
  position: number;
  /** Workspace frames in this failure's trace, counted the same way. */
  of: number;
  weight: number;
  inTestFile: boolean;
  note?: 'raised explicitly' | 'called the function that raised';
}

export interface FrameContext {
  isTestFile: (file: string) => boolean;
  /** Identity of the function a frame runs in (file and qualified name). */
  scopeKey: (file: string, line: number, functionName: string) => string;
  /** The source text of a line, when the file could be read. */
  lineText: (file: string, line: number) => string | undefined;
}

function raisesOnPurpose(text: string | undefined): boolean {
  return text !== undefined && /^(raise|assert)\b/.test(text.trim());
}

export function stackEvidence(failure: Failure, context: FrameContext): FrameEvidence[] {
  const innermostFirst = failure.frames.filter((frame) => frame.inWorkspace).reverse();
  const frames = innermostFirst.filter(
    (frame, i) =>
      i === 0 ||
      context.scopeKey(frame.file, frame.line, frame.function) !==
        context.scopeKey(innermostFirst[i - 1]!.file, innermostFirst[i - 1]!.line, innermostFirst[i - 1]!.function),
  );
  const evidence: FrameEvidence[] = frames.map((frame, index) => ({
    failure: failure.nodeid,
    file: frame.file,
    line: frame.line,
    function: frame.function,
    position: index + 1,
    of: frames.length,
    weight: 0,
    inTestFile: context.isTestFile(frame.file),
  }));
  for (const inTests of [false, true]) {
    const ranked = evidence.filter((e) => e.inTestFile === inTests);
    const [first, second] = ranked;
    if (!inTests && first && second && first.position === 1 && raisesOnPurpose(context.lineText(first.file, first.line))) {
      ranked[0] = second;
      ranked[1] = first;
      first.note = 'raised explicitly';
      second.note = 'called the function that raised';
    }
    ranked.forEach((e, k) => (e.weight = 1 / (k + 1)));
  }
  return evidence;
}

export function describeFrame(evidence: FrameEvidence, manyFailures: boolean): string {
  const notes = [...(evidence.position === 1 ? ['innermost'] : []), ...(evidence.note ? [evidence.note] : [])];
  const where = manyFailures ? ` in ${evidence.failure}` : '';
  return `frame ${evidence.position} of ${evidence.of}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}${where}`;
}
