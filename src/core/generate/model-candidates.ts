import type { Candidate, Failure, Suspect } from '../types';
import { commonEnds } from '../common-ends';
import { throwIfAborted } from '../errors';
import { applyOutput, fitsFormat, skeletonBudget, targetText, type PatchModel } from '../model';
import { buildModelInput } from '../skeleton';
import { listFunctions } from '../syntax/functions';
import { dedupeCandidates, makeCandidate } from './candidate';

// The neural half of candidate generation: sample edits for each suspect from the patch model,
// and score other generators' candidates by the model's likelihood so the engine can rank them.

type ReadSource = (file: string) => Promise<string | null>;

export interface ModelCandidateOptions {
  samplesPerSuspect: number;
  /** Sampling temperature; default 0.8. */
  temperature?: number;
  /** Nucleus size; default 0.95. */
  topP?: number;
  signal?: AbortSignal;
}

const DEFAULT_TEMPERATURE = 0.8;
const DEFAULT_TOP_P = 0.95;

function functionText(source: string, startLine: number, endLine: number): string {
  return source.split('\n').slice(startLine - 1, endLine).join('\n').replace(/\r$/gm, '') + '\n';
}

/**
 * The model's input for one function of `source` (null when the format cannot edit it). Also
 * used by the training data scripts, so training and inference build inputs the same way.
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
  return { input, oldFunction };
}

/** The first and last changed lines (1-based, file numbering) between two function texts. */
function changedLines(oldFunction: string, newFunction: string, startLine: number): string {
  const before = oldFunction.split('\n');
  const after = newFunction.split('\n');
  const { prefix, suffix } = commonEnds(before, after);
  const first = startLine + prefix;
  const last = startLine + before.length - 1 - suffix;
  if (last < first) return `insert before line ${first}`;
  return last === first ? `rewrite line ${first}` : `rewrite lines ${first}-${last}`;
}

/** Candidates sampled from the model for each suspect, deduplicated, parseable, best first. */
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
    const prepared = await modelInputFor(model, source, suspect.file, suspect, failure);
    if (!prepared) continue;
    const outputs = await model.sample(prepared.input, options.samplesPerSuspect, {
      temperature: options.temperature ?? DEFAULT_TEMPERATURE,
      topP: options.topP ?? DEFAULT_TOP_P,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    // The model's probability, weighted like template priors by how suspicious the function is.
    const weight = topScore > 0 ? suspect.score / topScore : 1;
    for (const output of outputs) {
      const newFunctionText = applyOutput(output.text, prepared.oldFunction, model.format);
      if (newFunctionText === null) continue;
      const candidate = await makeCandidate({
        file: suspect.file,
        source,
        startLine: suspect.startLine,
        endLine: suspect.endLine,
        newFunctionText,
        function: suspect.function,
        origin: 'model',
        editKind: 'model-sample',
        summary: `model: ${changedLines(prepared.oldFunction, newFunctionText, suspect.startLine)} in ${suspect.function}`,
        score: weight * Math.exp(output.logProb),
        modelLogProb: output.logProb,
      });
      if (candidate) candidates.push(candidate);
    }
  }
  return dedupeCandidates(candidates);
}

/**
 * The candidates with modelLogProb set (teacher-forced, per token) where the model can express
 * their edit (within its output length): each is read as an edit of its innermost enclosing
 * function.
 */
export async function scoreCandidates(
  model: PatchModel,
  candidates: Candidate[],
  readSource: ReadSource,
  failure: Failure | undefined,
  options: { signal?: AbortSignal } = {},
): Promise<Candidate[]> {
  const sources = new Map<string, string | null>();
  const scored: Candidate[] = [];
  for (const candidate of candidates) {
    throwIfAborted(options.signal);
    if (!sources.has(candidate.file)) sources.set(candidate.file, await readSource(candidate.file));
    const source = sources.get(candidate.file);
    const logProb = source ? await scoreOne(model, candidate, source, failure) : null;
    scored.push(logProb === null ? candidate : { ...candidate, modelLogProb: logProb });
  }
  return scored;
}

async function scoreOne(model: PatchModel, candidate: Candidate, source: string, failure: Failure | undefined): Promise<number | null> {
  const enclosing = (await listFunctions(source))
    .filter((fn) => fn.startLine <= candidate.startLine && candidate.endLine <= fn.endLine)
    .sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine))[0];
  if (!enclosing) return null;
  const prepared = await modelInputFor(model, source, candidate.file, { function: enclosing.qualname, ...enclosing }, failure);
  if (!prepared) return null;
  const lines = prepared.oldFunction.split('\n');
  const from = candidate.startLine - enclosing.startLine;
  const to = candidate.endLine - enclosing.startLine + 1;
  const newFunction = [...lines.slice(0, from), candidate.newFunctionText.replace(/\r?\n$/, ''), ...lines.slice(to)].join('\n');
  const target = targetText(prepared.oldFunction, newFunction, model.format);
  return target === null ? null : model.score(prepared.input, target);
}
