import type { Candidate, Failure, ModelInput, Suspect } from '../types';
import { throwIfAborted } from '../errors';
import { failureFor } from '../localize';
import { applyOutput, fitsFormat, skeletonBudget, targetText, type PatchModel } from '../model';
import { buildModelInput } from '../skeleton';
import { listFunctions, type FunctionInfo } from '../syntax/functions';
import { changedLinesText, dedupeCandidates, makeCandidate } from './candidate';
import { functionText } from './lines';

// The neural half of candidate generation: sample edits for each suspect from the patch model,
// and score other generators' candidates by the model's likelihood so the engine can rank them.

type ReadSource = (file: string) => Promise<string | null>;

export interface ModelCandidateOptions {
  /** Sampled outputs per suspect; the greedy output comes on top (one more row of the same batch). */
  samplesPerSuspect: number;
  /** Also the greedy decode (default true): the model's single most likely edit, which sampling may miss. */
  greedy?: boolean;
  /** Uniform draws in [0, 1) for sampling; default Math.random. */
  random?: () => number;
  /** The scorer whose inputs the sampler shares (one skeleton per function), when there is one. */
  scorer?: CandidateScorer;
  /** Sampling temperature; default 0.8. */
  temperature?: number;
  /** Nucleus size; default 0.95. */
  topP?: number;
  signal?: AbortSignal;
}

const DEFAULT_TEMPERATURE = 0.8;
const DEFAULT_TOP_P = 0.95;

/**
 * The model's input for one function of `source` (null when the format cannot edit it, or its
 * marked text alone is over the budget). Also used by the training data scripts, so training
 * and inference build inputs the same way.
 */
export async function modelInputFor(
  model: Pick<PatchModel, 'format' | 'countTokens'>,
  source: string,
  file: string,
  fn: { function: string; startLine: number; endLine: number },
  failure: Failure | undefined,
) {
  const oldFunction = functionText(source, fn.startLine, fn.endLine);
  if (!fitsFormat(oldFunction, model.format)) return null;
  const input = await buildModelInput({
    source,
    file,
    focal: { function: fn.function, startLine: fn.startLine, endLine: fn.endLine },
    // A model that never saw traces gets none, and its whole budget goes to the skeleton.
    ...(model.format.useTrace && failure ? { failure } : {}),
    tokenBudget: skeletonBudget(oldFunction, model.format),
    countTokens: (text) => model.countTokens(text),
  });
  // A function whose marked text alone is over the budget would be cut past its end: no input.
  if (input.tokens > input.tokenBudget) return null;
  return { input, oldFunction };
}

/** Candidates sampled from the model for each suspect (and its greedy output), deduplicated, parseable, best first. */
export async function modelCandidates(
  model: PatchModel,
  suspects: Suspect[],
  readSource: ReadSource,
  failure: Failure | undefined,
  options: ModelCandidateOptions,
): Promise<Candidate[]> {
  const topScore = Math.max(0, ...suspects.map((s) => s.score));
  const candidates: Candidate[] = [];
  for (const suspect of suspects) {
    throwIfAborted(options.signal);
    if (suspect.function === '<module>') continue;
    const source = await readSource(suspect.file);
    if (source === null) continue;
    // The scorer's input for the same function is the same one (same failure): built once.
    const shared = await options.scorer?.inputFor(suspect);
    const same = shared && shared.fn.startLine === suspect.startLine && shared.fn.endLine === suspect.endLine && shared.failure === failure;
    const prepared = same ? shared : await modelInputFor(model, source, suspect.file, suspect, failure);
    if (!prepared) continue;
    const outputs = await model.sample(prepared.input, options.samplesPerSuspect, {
      temperature: options.temperature ?? DEFAULT_TEMPERATURE,
      topP: options.topP ?? DEFAULT_TOP_P,
      greedy: options.greedy ?? true,
      ...(options.random ? { random: options.random } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    // The model's probability, weighted like template priors by how suspicious the function is.
    const weight = topScore > 0 ? suspect.score / topScore : 1;
    for (const output of outputs) {
      const newFunctionText = applyOutput(output.text, prepared.oldFunction, model.format);
      if (newFunctionText === null) continue;
      const candidate = await makeCandidate({
        file: suspect.file,
        fileText: source,
        startLine: suspect.startLine,
        endLine: suspect.endLine,
        newFunctionText,
        function: suspect.function,
        source: 'model',
        editKind: 'model-sample',
        summary: `model${output.greedy ? ' (greedy)' : ''}: ${changedLinesText(prepared.oldFunction, newFunctionText, suspect.startLine)} in ${suspect.function}`,
        score: weight * Math.exp(output.logProb),
        modelLogProb: output.logProb,
      });
      if (candidate) candidates.push(candidate);
    }
  }
  return dedupeCandidates(candidates);
}

interface ScoredFile {
  source: string;
  functions: FunctionInfo[];
}

export interface Prepared {
  input: ModelInput;
  oldFunction: string;
  fn: FunctionInfo;
  /** The failure whose trace the input carries (the first that runs through the function, else the first). */
  failure: Failure | undefined;
}

/**
 * The model's likelihood of candidates' edits, as the sampler would have written them: each
 * candidate is read as an edit of its innermost enclosing function, with the model input the
 * sampler builds for that function (skeleton, and the trace of the failure that runs through
 * it), and its edit in the model's output format (targetText). Files are parsed and inputs
 * built once per function, and all the candidates of one function are scored in one call
 * (one encoder pass, the decoder in batches). A candidate the model cannot score (no enclosing
 * function, a function the format cannot edit, an edit longer than the model writes or at lines
 * it never learned, an input over its length) gets null; the others keep theirs.
 */
export class CandidateScorer {
  private readonly files = new Map<string, Promise<ScoredFile | null>>();
  private readonly inputs = new Map<string, Promise<Prepared | null>>();

  constructor(
    readonly model: PatchModel,
    private readonly readSource: ReadSource,
    private readonly failures: readonly Failure[],
  ) {}

  /** Mean log-probability per token of each candidate's edit (null where the model cannot say), in order. */
  async score(candidates: readonly Candidate[], options: { signal?: AbortSignal; batchRows?: number } = {}): Promise<(number | null)[]> {
    const scores: (number | null)[] = candidates.map(() => null);
    const groups = new Map<Prepared, { indexes: number[]; targets: string[] }>();
    for (const [index, candidate] of candidates.entries()) {
      throwIfAborted(options.signal);
      const prepared = await this.inputFor(candidate);
      if (!prepared) continue;
      const target = this.targetOf(prepared, candidate);
      if (target === null) continue;
      let group = groups.get(prepared);
      if (!group) groups.set(prepared, (group = { indexes: [], targets: [] }));
      group.indexes.push(index);
      group.targets.push(target);
    }
    for (const [prepared, group] of groups) {
      const groupScores = await this.model.scoreMany(prepared.input, group.targets, {
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.batchRows ? { batchRows: options.batchRows } : {}),
      });
      group.indexes.forEach((index, i) => (scores[index] = groupScores[i] ?? null));
    }
    return scores;
  }

  private file(file: string): Promise<ScoredFile | null> {
    let entry = this.files.get(file);
    if (!entry) {
      entry = (async () => {
        const source = await this.readSource(file);
        return source === null ? null : { source, functions: await listFunctions(source) };
      })();
      this.files.set(file, entry);
    }
    return entry;
  }

  /**
   * Builds the inputs of these functions (suspects) and has the model encode them, so the
   * first scores need only the decoder: done while the validator starts.
   */
  async warm(functions: ReadonlyArray<Pick<Candidate, 'file' | 'startLine' | 'endLine'>>): Promise<void> {
    for (const fn of functions) {
      const prepared = await this.inputFor(fn);
      if (prepared) await this.model.prepare(prepared.input);
    }
  }

  /** The model's input for the innermost function around these lines, as the scorer reads them (built once). */
  async inputFor(range: Pick<Candidate, 'file' | 'startLine' | 'endLine'>): Promise<Prepared | null> {
    const scored = await this.file(range.file);
    if (!scored) return null;
    const fn = scored.functions
      .filter((f) => f.startLine <= range.startLine && range.endLine <= f.endLine)
      .sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine))[0];
    if (!fn) return null;
    const key = `${range.file}\0${fn.startLine}\0${fn.endLine}`;
    let prepared = this.inputs.get(key);
    if (!prepared) {
      prepared = (async () => {
        const failure = failureFor({ file: range.file, startLine: fn.startLine, endLine: fn.endLine }, this.failures);
        const made = await modelInputFor(this.model, scored.source, range.file, { function: fn.qualname, ...fn }, failure);
        return made ? { ...made, fn, failure } : null;
      })();
      this.inputs.set(key, prepared);
    }
    return prepared;
  }

  private targetOf({ oldFunction, fn }: Prepared, candidate: Candidate): string | null {
    const lines = oldFunction.split('\n');
    const from = candidate.startLine - fn.startLine;
    const to = candidate.endLine - fn.startLine + 1;
    const newFunction = [...lines.slice(0, from), candidate.newFunctionText.replace(/\r?\n$/, ''), ...lines.slice(to)].join('\n');
    return targetText(oldFunction, newFunction, this.model.format);
  }
}

/**
 * The candidates with modelLogProb set (teacher-forced, per token) where the model can express
 * their edit (CandidateScorer); those that have one keep it.
 */
export async function scoreCandidates<C extends Candidate>(
  model: PatchModel,
  candidates: readonly C[],
  readSource: ReadSource,
  failures: readonly Failure[],
  options: { signal?: AbortSignal; scorer?: CandidateScorer } = {},
): Promise<C[]> {
  const scorer = options.scorer ?? new CandidateScorer(model, readSource, failures);
  const unscored = candidates.filter((candidate) => candidate.modelLogProb === undefined);
  const scores = await scorer.score(unscored, options.signal ? { signal: options.signal } : {});
  const byCandidate = new Map(unscored.map((candidate, i) => [candidate, scores[i] ?? null]));
  return candidates.map((candidate) => {
    const logProb = byCandidate.get(candidate);
    return logProb === undefined || logProb === null ? candidate : { ...candidate, modelLogProb: logProb };
  });
}
