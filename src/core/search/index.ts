import { setTimeout as sleep } from 'node:timers/promises';
import { CanceledError, describeError, isCanceled } from '../errors';
import { modelCandidates, type CandidateScorer } from '../generate/model-candidates';
import { templateStream, templateStreamOn } from '../generate/templates';
import { failureFor } from '../localize';
import type { PatchModel } from '../model';
import { shapeNotes } from '../review/patch-shape';
import { silencingOf } from '../review/silencing';
import type { SourceFile } from '../files/sources';
import type { Candidate, EngineHooks, Failure, HarmfulCandidate, Hint, SearchStats, Suspect, ValidatedPatch } from '../types';
import { brokenTests, harmfulCandidate, type ValidationOutcome, type ValidatorPool } from '../validate';
import { AngelicSource } from './angelic';
import { Frontier, type CandidateSource, type Round } from './frontier';
import { isPartialFix, runLanes } from './lanes';
import { PRIOR_FIRST_WAIT_MS, PRIOR_LATER_WAIT_MS, priorStats, withPrior, type Prior } from './prior';
import { RecheckQueue } from './recheck';

// The anytime repair search: one loop that spends the whole budget. Single template edits
// stream best first from the suspects; model samples join while validation runs; a candidate
// that fixes part of the failure becomes the base of a round of edits on top of it; when the
// singles and the model are spent, pairs of the best single edits follow. It ends when the
// budget is spent, enough patches validated (or the alternatives window after the first fix
// closed), or the space is truly empty, and says which.

/** Suspects that get template edits / model samples: the top of the ranking holds the bug almost always. */
const TEMPLATE_SUSPECTS = 5;
const MODEL_SUSPECTS = 3;
const MODEL_SAMPLES_PER_SUSPECT = 16;
/** The model may use this share of the time left: it competes with validation for the CPU. */
const MODEL_TIME_SHARE = 0.4;
/**
 * Below this share of time, no sampling: a suspect's batch takes 1.5-3 s on two busy cores, so
 * a shorter allowance would end it before its samples arrive, its CPU taken from validation.
 */
const MIN_SAMPLING_MS = 4_000;
/** Stop once this many patches validate: the user reviews a handful, not hundreds. */
const ENOUGH_PATCHES = 5;
/** After the first validated patch, alternatives are looked for this long, then the user gets the answer. */
const ALTERNATIVES_WINDOW_MS = 10_000;
/** Rounds on partial fixes the search opens at most (each is a full set of single edits). */
const MAX_PARTIAL_ROUNDS = 8;
/**
 * Candidates taken before conditions are synthesized from angelic probes (search/angelic.ts):
 * the cheap single edits of the first rounds go first, the probes cost a dozen runs.
 */
const ANGELIC_AFTER = 48;
/** The model loads this long after the first candidate's outcome, unless a patch validated sooner (see SearchInput.loadModel). */
const MODEL_AFTER_MS = 1_000;
/** Unvalidated hints shown when nothing validated. */
const MAX_HINTS = 3;

export interface SearchInput {
  pool: ValidatorPool;
  lanes: number;
  /** Ranked suspects (the search skips test files unless allowed). */
  suspects: Suspect[];
  failures: Failure[];
  sourceFile: (file: string) => Promise<SourceFile>;
  readSource: (file: string) => Promise<string | null>;
  /**
   * Loads the model (null: no model). The search calls it once: when a first patch validated,
   * MODEL_AFTER_MS after the first candidate's outcome, or when nothing else is left to hand
   * out. Its load and first scores take the CPU the first candidates need on a small machine,
   * and the first fixes come from the template edits.
   */
  loadModel: (() => Promise<LoadedModel | null>) | null;
  allowTestEdits: boolean;
  /** Whether a file is test code (a test file or test support: pytest/test-support.ts), edited only where allowed. */
  isTestCode: IsTestCode;
  /** Absolute time (ms since the epoch) the search must end by. */
  deadline: number;
  maxCandidates: number;
  hooks: EngineHooks;
}

/** The model and its likelihood of candidates, which orders the template edits (search/prior.ts). */
export interface LoadedModel {
  model: PatchModel;
  scorer: CandidateScorer;
}

export type IsTestCode = (file: string) => boolean;

export interface SearchResult {
  /** Validated patches, in the order they validated (not yet re-checked or ranked). */
  patches: ValidatedPatch[];
  rechecks: RecheckQueue;
  /** Validated candidates never shown because they silence the tests, with why. */
  silenced: string[];
  /** Candidates whose tests did harm outside the project (validate/effects.ts): never shown nor built on. */
  harmful: HarmfulCandidate[];
  hints: Hint[];
  stats: SearchStats;
  candidatesTaken: number;
  validated: number;
  /** When the first candidate was handed out and the first patch validated (ms since the epoch). */
  firstCandidateAt: number | null;
  timeToFirstFixAt: number | null;
  modelNote?: string;
  /** One line per suspect file the search could not edit because its text could not be read. */
  unreadable: string[];
}

/** The suspects the search edits: the top of the ranking, test code (test files and their support) only where allowed. */
export function editableSuspects(suspects: readonly Suspect[], allowTestEdits: boolean, isTestCode: IsTestCode): Suspect[] {
  return suspects.filter((s) => allowTestEdits || !isTestCode(s.file)).slice(0, TEMPLATE_SUSPECTS);
}

/** The suspects the model samples for (and whose inputs the engine has encoded while the validator starts). */
export function sampledSuspects(suspects: readonly Suspect[], allowTestEdits: boolean, isTestCode: IsTestCode): Suspect[] {
  return editableSuspects(suspects, allowTestEdits, isTestCode)
    .slice(0, MODEL_SUSPECTS)
    .filter((s) => s.function !== '<module>');
}

export async function searchFixes(input: SearchInput): Promise<SearchResult> {
  const { pool, hooks } = input;
  const editable = editableSuspects(input.suspects, input.allowTestEdits, input.isTestCode);
  hooks.onProgress?.({ stage: 'generating', message: `generating candidates for ${editable.length} suspects` });
  const unreadable = await unreadableFiles(editable, input.sourceFile);
  const singles = await templateStream(editable, input.readSource, {
    allowTestEdits: input.allowTestEdits,
    isTestFile: input.isTestCode,
    failures: input.failures,
  });
  const stats: SearchStats = {
    endedBecause: 'exhausted',
    rounds: { single: 0, model: 0, partial: 0, pair: 0 },
    byKind: {},
    partialFixes: 0,
  };
  // The model's likelihood orders every template source within a window; without a model, the streams' own order.
  // Scores and samples still on their way when the lanes end are stopped and awaited: the model
  // outlives none of its runs, and the user does not wait for work nobody will validate.
  const modelStop = new AbortController();
  const modelSignal = hooks.signal ? AbortSignal.any([hooks.signal, modelStop.signal]) : modelStop.signal;
  let wantModel: () => void = () => undefined;
  const wanted = new Promise<void>((resolve) => (wantModel = resolve));
  const loadModel = input.loadModel;
  // Settles when the lanes end even if the model was never asked for: the scores and samples
  // waiting on it are awaited after the lanes.
  const loaded = loadModel ? untilAborted(wanted, modelSignal).then(() => untilAborted(loadModel(), modelSignal)) : null;
  const scoring = new Set<Promise<unknown>>();
  let firstScored: () => void = () => undefined;
  const firstScores = new Promise<void>((resolve) => (firstScored = resolve));
  // Until the model is loaded, candidates go out in their streams' own order (the windows wait
  // for no score); a model that fails to load leaves that order for the rest of the run.
  const prior: Prior | null = loaded
    ? (candidates) => {
        const scores = loaded.then((model) => {
          if (!model) throw new Error('no model');
          return model.scorer.score(candidates, { signal: modelSignal });
        });
        const settled = scores.catch(() => undefined);
        scoring.add(settled);
        void settled.then(() => {
          scoring.delete(settled);
          firstScored();
        });
        return scores;
      }
    : null;
  if (prior) stats.prior = priorStats();
  // The first scores come first: the lanes wait for them, and sampling beside them would share
  // the model's CPU (on two cores, it doubled that wait).
  const model = loaded
    ? sampleModel(
        loaded,
        sampledSuspects(input.suspects, input.allowTestEdits, input.isTestCode),
        { ...input, stop: modelSignal, stats },
        () => frontier,
        firstScores,
      )
    : undefined;
  // No candidate waits for scores: the model loads after the first ones are out.
  const ordered = (source: CandidateSource): CandidateSource => withPrior(source, prior, stats.prior, { firstWaitMs: PRIOR_LATER_WAIT_MS });
  // The probes stop when the lanes end (they run in a lane, which the lanes' end must not wait on).
  const angelicStop = new AbortController();
  const angelic = new AngelicSource({
    pool,
    suspects: editable,
    readSource: input.readSource,
    signal: hooks.signal ? AbortSignal.any([hooks.signal, angelicStop.signal]) : angelicStop.signal,
    stats,
  });
  const frontier: Frontier = new Frontier(ordered(singles), () => ordered(singles.pairs()), model && { done: model, want: wantModel }, {
    source: angelic,
    after: ANGELIC_AFTER,
  });
  const topScore = Math.max(0, ...editable.map((s) => s.score));

  const patches: ValidatedPatch[] = [];
  const silenced: string[] = [];
  const harmful: HarmfulCandidate[] = [];
  const rechecks = new RecheckQueue(pool, hooks.signal, (patch, outcome) =>
    hooks.onPatch?.(outcome.verdict === 'validated' ? { kind: 'confirmed', patch } : { kind: 'withdrawn', patch, reason: outcome.detail }),
  );
  const closest: Close[] = [];

  let modelTimer: NodeJS.Timeout | undefined;
  const onOutcome = async (outcome: ValidationOutcome, round: Round, rank: number): Promise<boolean> => {
    modelTimer ??= setTimeout(wantModel, MODEL_AFTER_MS); // the first candidates are out
    const { candidate } = outcome;
    stats.rounds[round]++;
    const kind = (stats.byKind[candidate.editKind] ??= { validated: 0, fixed: 0 });
    kind.validated++;
    let shown = false;
    if (outcome.verdict === 'harmful') {
      harmful.push(harmfulCandidate(outcome));
    } else if (outcome.verdict === 'validated') {
      const made = await shownPatch(outcome, input.sourceFile);
      if ('silencing' in made) {
        silenced.push(`${candidate.summary} (${made.silencing})`);
      } else {
        const patch = { ...made, searchRank: rank };
        kind.fixed++;
        patches.push(patch);
        rechecks.add(patch, outcome, (await input.sourceFile(patch.file)).text);
        hooks.onPatch?.({ kind: 'validated', patch });
        wantModel();
        shown = true;
      }
    } else if (isPartialFix(outcome, input.failures) && stats.partialFixes < MAX_PARTIAL_ROUNDS) {
      const original = await input.readSource(candidate.file);
      if (original !== null) {
        stats.partialFixes++;
        const weight = topScore > 0 ? candidate.score / topScore : 1;
        frontier.addPartial(ordered(await templateStreamOn(candidate, original, weight, input.failures)));
      }
    }
    if (outcome.validation.failingFixed > 0 && outcome.verdict !== 'validated' && outcome.verdict !== 'harmful')
      keepClosest(closest, { outcome, broke: brokenTests(outcome) });
    hooks.onProgress?.({
      stage: 'validating',
      message: `${stats.rounds.single + stats.rounds.model + stats.rounds.partial + stats.rounds.pair} candidates run, ${patches.length} validated`,
      done: frontier.count,
    });
    return shown;
  };

  const lanes = await runLanes({
    pool,
    frontier,
    lanes: input.lanes,
    deadline: input.deadline,
    maxCandidates: input.maxCandidates,
    onOutcome,
    enoughPatches: ENOUGH_PATCHES,
    alternativesMs: ALTERNATIVES_WINDOW_MS,
    ...(hooks.signal ? { signal: hooks.signal } : {}),
    onEnd: () => angelicStop.abort(),
  });
  clearTimeout(modelTimer);
  modelStop.abort();
  await Promise.all([...scoring]);
  stats.endedBecause = lanes.endedBecause;
  return {
    patches,
    rechecks,
    silenced,
    harmful,
    hints: closest.map(hintOf),
    stats,
    candidatesTaken: frontier.count,
    validated: lanes.validated,
    firstCandidateAt: lanes.firstCandidateAt,
    timeToFirstFixAt: lanes.firstPatchAt,
    unreadable,
    ...((await model) ?? {}),
  };
}

/**
 * Model samples for these suspects (sampledSuspects), added to the frontier as each suspect's batch is done,
 * within a share of the time left, until the lanes end. A user cancel ends it quietly (the search ends too); a
 * model that fails mid-run (a corrupt graph, an input it cannot take) costs only its own
 * candidates: the failure becomes a note.
 */
async function sampleModel(
  loaded: Promise<LoadedModel | null>,
  suspects: Suspect[],
  /** The search's input, the signal that stops sampling when the lanes end, and the stats it counts samples in. */
  run: SearchInput & { stop: AbortSignal; stats: SearchStats },
  frontier: () => Frontier,
  /** Sampling starts once this settles (the prior's first scores), or PRIOR_FIRST_WAIT_MS at most. */
  after: Promise<void>,
): Promise<{ modelNote?: string }> {
  run.stats.sampled = 0;
  const loadedModel = await loaded.catch(() => null);
  if (!loadedModel) return {};
  const { model, scorer } = loadedModel;
  await Promise.race([after, sleep(PRIOR_FIRST_WAIT_MS, undefined, { ref: false })]);
  const allowance = Math.floor((run.deadline - Date.now()) * MODEL_TIME_SHARE);
  if (allowance < MIN_SAMPLING_MS) return {};
  const budget = AbortSignal.timeout(allowance);
  const signal = AbortSignal.any([run.stop, budget]);
  run.hooks.onProgress?.({ stage: 'generating', message: `sampling fixes from ${model.name} (${model.device}) beside validation` });
  try {
    for (const suspect of suspects) {
      const failure = failureFor(suspect, run.failures);
      const samples: Candidate[] = await modelCandidates(model, [suspect], run.readSource, failure, {
        samplesPerSuspect: MODEL_SAMPLES_PER_SUSPECT,
        signal,
        scorer,
      });
      run.stats.sampled += samples.length;
      frontier().addSamples(samples);
    }
  } catch (error) {
    if (!isCanceled(error) && !signal.aborted)
      return { modelNote: `model failed, kept its earlier samples and the template edits: ${describeError(error)}` };
  }
  return {};
}

/** `promise`, or a CanceledError once `signal` aborts first (a model still loading when the search ends is not waited for). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new CanceledError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CanceledError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The patch to show for a validated candidate, or why it silences the tests instead of fixing the code. */
async function shownPatch(
  { candidate, validation }: ValidationOutcome,
  sourceFile: (file: string) => Promise<SourceFile>,
): Promise<ValidatedPatch | { silencing: string }> {
  const base = await sourceFile(candidate.file);
  // Candidates are made from the file's text only, so its record has one.
  if (base.text === null) throw new Error(`no text for ${candidate.file}, yet a candidate edits it`);
  const before = base.text
    .split('\n')
    .slice(candidate.startLine - 1, candidate.endLine)
    .join('\n');
  const silencing = await silencingOf(before, candidate.newFunctionText);
  if (silencing) return { silencing };
  const encoding = base.encoding === 'utf-8' ? {} : { encoding: base.encoding };
  const shape = await shapeNotes(before, candidate.newFunctionText);
  return { ...candidate, validation, baseSha256: base.sha256, ...encoding, ...(shape.length > 0 ? { shape } : {}) };
}

/** One line per suspect file that gives no candidates because its text could not be read. */
async function unreadableFiles(suspects: Suspect[], sourceFile: (file: string) => Promise<SourceFile>): Promise<string[]> {
  const warnings: string[] = [];
  for (const file of new Set(suspects.map((suspect) => suspect.file))) {
    const source = await sourceFile(file);
    if (source.text === null) warnings.push(source.warning);
  }
  return warnings;
}

interface Close {
  outcome: ValidationOutcome;
  broke: string[];
}

/** Keeps the candidates that came closest: most failing tests fixed, then fewest broken, then the search's own order. */
function keepClosest(closest: Close[], next: Close): void {
  const better = (a: Close, b: Close): number =>
    b.outcome.validation.failingFixed - a.outcome.validation.failingFixed || a.broke.length - b.broke.length;
  closest.push(next);
  closest.sort(better);
  closest.splice(MAX_HINTS);
}

function hintOf({ outcome: { candidate, validation }, broke }: Close): Hint {
  return {
    file: candidate.file,
    function: candidate.function,
    summary: candidate.summary,
    diff: candidate.diff,
    startLine: candidate.startLine,
    newFileText: candidate.newFileText,
    failingFixed: validation.failingFixed,
    failingTotal: validation.failingTotal,
    broke,
  };
}
