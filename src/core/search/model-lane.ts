import { setTimeout as sleep } from 'node:timers/promises';
import { CanceledError, describeError, isCanceled } from '../errors';
import { failureFor } from '../localize';
import { modelCandidates, type CandidateScorer } from '../generate/model-candidates';
import type { PatchModel } from '../model';
import type { Candidate, EngineHooks, Failure, SearchStats, Suspect } from '../types';
import type { Frontier } from './frontier';
import { PRIOR_FIRST_WAIT_MS, type Prior } from './prior';

// The model's part in one search, as one object with its stop conditions: asked for once the
// first candidates are out (after a delay) or a patch validated, loaded then; its scores order
// the template streams (the prior) and its samples join the frontier, within a share of the time
// left. When the lanes end it is stopped, and every score and sample still on its way is
// stopped and awaited: the model outlives none of its runs, and the user does not wait for
// work nobody will validate.

const MODEL_SAMPLES_PER_SUSPECT = 16;
/** The model may use this share of the time left: it competes with validation for the CPU. */
const MODEL_TIME_SHARE = 0.4;
/**
 * Below this share of time, no sampling: a suspect's batch takes 1.5-3 s on two busy cores, so
 * a shorter allowance would end it before its samples arrive, its CPU taken from validation.
 */
const MIN_SAMPLING_MS = 4_000;

/** The model and its likelihood of candidates, which orders the template edits (search/prior.ts). */
export interface LoadedModel {
  model: PatchModel;
  scorer: CandidateScorer;
}

/** A promise and the one call that settles it. */
interface Latch {
  promise: Promise<void>;
  open: () => void;
}

function latch(): Latch {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** What sampling needs of the search. */
export interface SamplingRun {
  /** The suspects sampled for, in order. */
  suspects: Suspect[];
  failures: Failure[];
  readSource: (file: string) => Promise<string | null>;
  deadline: number;
  hooks: EngineHooks;
  stats: SearchStats;
}

export class ModelLane {
  private readonly stopper = new AbortController();
  /** Aborts when the lanes end or the user cancels. */
  private readonly signal: AbortSignal;
  private readonly wanted = latch();
  private readonly firstScored = latch();
  /** Settles when the lanes end even if the model was never asked for (a model still loading is not waited for). */
  private readonly loaded: Promise<LoadedModel | null>;
  private readonly scoring = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(load: () => Promise<LoadedModel | null>, userSignal?: AbortSignal) {
    this.signal = userSignal ? AbortSignal.any([userSignal, this.stopper.signal]) : this.stopper.signal;
    this.loaded = untilAborted(this.wanted.promise, this.signal).then(() => untilAborted(load(), this.signal));
  }

  /** Asks for the model now (a patch validated, or nothing else is left to hand out). */
  readonly want = (): void => this.wanted.open();

  /** Asks for the model after `delayMs`, unless sooner: called at each outcome, only the first sets the timer. */
  wantAfter(delayMs: number): void {
    this.timer ??= setTimeout(this.want, delayMs);
  }

  /**
   * The model's likelihood of candidates, once it is loaded. Until then candidates go out in
   * their streams' own order (the windows wait for no score); a model that fails to load
   * leaves that order for the rest of the run.
   */
  readonly prior: Prior = (candidates) => {
    const scores = this.loaded.then((model) => {
      if (!model) throw new Error('no model');
      return model.scorer.score(candidates, { signal: this.signal });
    });
    const settled = scores.catch(() => undefined);
    this.scoring.add(settled);
    void settled.then(() => {
      this.scoring.delete(settled);
      this.firstScored.open();
    });
    return scores;
  };

  /**
   * Model samples for the suspects, added to the frontier as each suspect's batch is done, within
   * a share of the time left, until the lanes end. They start after the prior's first scores
   * (sampling beside them would share the model's CPU: on two cores it doubled that wait), or
   * PRIOR_FIRST_WAIT_MS at most. A user cancel ends it quietly (the search ends too); a model
   * that fails mid-run costs only its own candidates: the failure becomes a note.
   */
  async samples(run: SamplingRun, frontier: () => Frontier): Promise<{ modelNote?: string }> {
    run.stats.sampled = 0;
    const loadedModel = await this.loaded.catch(() => null);
    if (!loadedModel) return {};
    const { model, scorer } = loadedModel;
    await Promise.race([this.firstScored.promise, sleep(PRIOR_FIRST_WAIT_MS, undefined, { ref: false })]);
    const allowance = Math.floor((run.deadline - Date.now()) * MODEL_TIME_SHARE);
    if (allowance < MIN_SAMPLING_MS) return {};
    const signal = AbortSignal.any([this.signal, AbortSignal.timeout(allowance)]);
    run.hooks.onProgress?.({ stage: 'generating', message: `sampling fixes from ${model.name} (${model.device}) beside validation` });
    try {
      for (const suspect of run.suspects) {
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

  /** The lanes ended: no more asking, scoring or sampling; waits for the scores on their way. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.stopper.abort();
    await Promise.all([...this.scoring]);
  }
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
