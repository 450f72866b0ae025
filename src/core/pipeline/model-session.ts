import { describeError } from '../errors';
import { defaultModelDir } from '../files/resources';
import { CandidateScorer, scoreCandidates } from '../generate/model-candidates';
import type { ModelLoader } from '../model/loader';
import { sampledSuspects, type LoadedModel } from '../search';
import type { Timeline } from '../timeline';
import type { EngineOptions, FixReport, ValidatedPatch } from '../types';
import type { Analysis } from './analysis';

// The patch model for one fix run: loaded only when the search asks for it (once its first
// candidates are out: SearchInput.loadModel), its scorer warmed on the sampled suspects, the
// validated patches' likelihood, the report's model line, and its release once nothing of the
// run uses it. A model that fails to load costs the run nothing but its samples.

interface ModelInUse {
  /** The model and its scorer, with the sampled suspects' inputs encoded; null when it did not load. */
  loaded: LoadedModel | null;
  info: FixReport['model'];
}

export class ModelSession {
  private loading: Promise<ModelInUse> | null = null;

  constructor(
    private readonly options: EngineOptions,
    private readonly models: ModelLoader,
    private readonly analysis: Analysis,
    private readonly timeline: Timeline,
  ) {}

  /** What the search calls to load the model; null when the user turned it off (`modelDir` null). */
  get loader(): (() => Promise<LoadedModel | null>) | null {
    return this.options.modelDir === null ? null : async () => (await this.load()).loaded;
  }

  /** The report's model line: the model in use, why none loaded, or that it was never asked for; `note` is the search's. */
  async info(note?: string): Promise<FixReport['model']> {
    const info = this.loading
      ? (await this.loading).info
      : this.options.modelDir === null
        ? { name: null, device: null, note: 'model disabled' }
        : { name: null, device: null };
    return note ? { ...info, note } : info;
  }

  /**
   * The patches with the model's likelihood of each (those the search's prior scored keep
   * theirs); unchanged when the model never loaded or fails to score them.
   */
  async withLikelihood(patches: ValidatedPatch[], signal?: AbortSignal): Promise<ValidatedPatch[]> {
    const scorer = this.loading ? (await this.loading).loaded?.scorer : undefined;
    if (!scorer) return patches;
    return this.timeline.span('likelihood', async () => {
      const scored = await scoreCandidates(scorer.model, patches, this.analysis.readSource, this.analysis.failures, {
        scorer,
        ...(signal ? { signal } : {}),
      }).catch((error: unknown) => {
        if (signal?.aborted) throw error;
        return patches; // A model error must not cost the fixes: they keep the order without it.
      });
      return patches.map((patch, index) => ({ ...patch, modelLogProb: scored[index]?.modelLogProb ?? patch.modelLogProb }));
    });
  }

  /** Gives the model back to its loader (freed, or kept by a long-lived host). */
  async release(): Promise<void> {
    const model = this.loading && (await this.loading).loaded?.model;
    if (model) await this.models.release(model);
  }

  private load(): Promise<ModelInUse> {
    return (this.loading ??= this.open());
  }

  private async open(): Promise<ModelInUse> {
    const { options, analysis, timeline } = this;
    let model;
    try {
      model = await timeline.span('model-load', () =>
        this.models.load(options.modelDir ?? defaultModelDir(), { device: options.device ?? 'auto' }),
      );
    } catch (error) {
      // A broken model must not cost the user the template fixes: say so and go on without it.
      return {
        loaded: null,
        info: { name: null, device: null, note: `model unavailable, using template edits only: ${describeError(error)}` },
      };
    }
    const scorer = new CandidateScorer(model, analysis.readSource, analysis.failures);
    // Encoded before the first scores and samples are asked for, so those wait on the decoder alone.
    await timeline
      .span('model-inputs', () => scorer.warm(sampledSuspects(analysis.suspects, options.allowTestEdits ?? false, analysis.isTestCode)))
      .catch(() => undefined);
    return { loaded: { model, scorer }, info: { name: model.name, device: model.device } };
  }
}
