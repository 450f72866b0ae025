// The files the training steps hand each other, one type per kind of record: what a script
// writes here is what the next one (TypeScript or Python) reads.
import type { ModelInput } from '../../src/core/types';

/** A bug of extract_bugs.py (WORK_DIR/bugs.jsonl; sample_bugs.py's bugs-sample.jsonl). */
export interface SyntheticBug {
  /** A hash of the package, file, function, kind and both texts: the same on any machine. */
  id: string;
  split: 'train' | 'valid' | 'test';
  package: string;
  /** The original file on the machine that made the bug. */
  path: string;
  /** The package-relative path shown to the model. */
  file: string;
  function: string;
  /** The function's lines in the original file (decorators included). */
  startLine: number;
  endLine: number;
  kind: string;
  /** The function's text with the bug: it replaces lines startLine..endLine of `path`. */
  buggy: string;
}

/** A model example of make-inputs.ts (WORK_DIR/inputs-N.jsonl), read by train.py and evaluate.ts. */
export interface TrainingInput {
  id: string;
  split: SyntheticBug['split'];
  package: string;
  kind: string;
  encoder: string;
  target: string;
  /** The same fix in the whole-function format, kept to compare the formats. */
  functionTarget: string | null;
  sourceTokens: number;
  /** The product tokenizer's ids, the encoder's ending with </s>. */
  sourceIds: number[];
  targetIds: number[];
}

/** A model example of an executable bug (executable.ts inputs), with the failure's trace or without. */
export interface ExecutableInput {
  split: 'train' | 'test';
  package: string;
  kind: string;
  id: string;
  trace: boolean;
  encoder: string;
  input: ModelInput;
  target: string;
  failing: string[];
  passing: string[];
}

/** One model's results on executable bugs (executable.ts sample and summary; best.ts ranks them). */
export interface ModelSummary {
  bugs: number;
  exactTop1: number;
  plausibleTop1: number;
  exactAny: number;
  validatedAny: number;
  plausibleButDifferent: number;
  samplesWellFormed: number;
  samplesParse: number;
  samplesPass: number;
  sampleSeconds: number;
}

export type EvaluationVariant = 'skeleton' | 'focal-only' | 'executable-trace' | 'executable-no-trace';

export interface VariantResult {
  examples: number;
  top1Count: number;
  top10Count: number;
  top1: number;
  top10: number;
  greedyWellFormed: number;
  greedyRightLines: number;
}

/** A held-out evaluation (evaluate.ts; better.ts compares two): each variant's results under its name. */
export type Evaluation = {
  model: string;
  device: string;
  examples: number;
  heldout: { listed: number; found: number; measured: number; listHash: string; measuredHash: string };
  byKind: Record<string, { n: number; top1: number; top10: number }>;
  /** Ids of the synthetic bugs fixed at top-1 and top-10 (skeleton context). */
  fixed: { top1: string[]; top10: string[] };
  throughput?: { greedyTokensPerSecond: number; samplesPerSecond: number; secondsPer10Samples: number };
} & Partial<Record<EvaluationVariant, VariantResult>>;
