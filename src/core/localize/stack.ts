import type { Failure } from '../types';

// The paper's stack-trace heuristic: the frames of the user's own code, the most recently
// called first. Test-file frames are weighed among themselves, since they rank after every
// other function anyway.

export interface FrameEvidence {
  failure: string;
  file: string;
  line: number;
  /** The frame's code name (not qualified): used only when the file cannot be read. */
  function: string;
  /** 1 for the innermost workspace frame. */
  position: number;
  /** Workspace frames in this failure's trace. */
  of: number;
  /** 1/k for the k-th innermost frame among those of the same kind (test file or not). */
  weight: number;
  inTestFile: boolean;
}

export function stackEvidence(failure: Failure, isTestFile: (file: string) => boolean): FrameEvidence[] {
  const innermostFirst = failure.frames.filter((frame) => frame.inWorkspace).reverse();
  const seen = { test: 0, code: 0 };
  return innermostFirst.map((frame, index) => {
    const inTestFile = isTestFile(frame.file);
    const rank = inTestFile ? ++seen.test : ++seen.code;
    return {
      failure: failure.nodeid,
      file: frame.file,
      line: frame.line,
      function: frame.function,
      position: index + 1,
      of: innermostFirst.length,
      weight: 1 / rank,
      inTestFile,
    };
  });
}

export function describeFrame(evidence: FrameEvidence, manyFailures: boolean): string {
  const innermost = evidence.position === 1 ? ' (innermost)' : '';
  const where = manyFailures ? ` in ${evidence.failure}` : '';
  return `frame ${evidence.position} of ${evidence.of}${innermost}${where}`;
}
