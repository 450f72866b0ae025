import type { PatchModel } from './index';
import { loadModelThread } from './thread';

// How a run gets its patch model and gives it back. The CLI runs once: load, then dispose
// (perRun). The sidecar serves run after run: the model stays loaded while its folder and
// device stay the same (KeptModel), so a second run does not pay the load again. Either way the
// model runs on a thread of its own (thread.ts), off the search's.

export interface ModelLoader {
  load(dir: string, options: { device: 'auto' | 'cpu' | 'cuda' }): Promise<PatchModel>;
  /** The run is done with the model. */
  release(model: PatchModel): Promise<void>;
}

export const perRun: ModelLoader = {
  load: (dir, options) => loadModelThread(dir, options),
  release: (model) => model.dispose(),
};

export class KeptModel implements ModelLoader {
  private kept: { key: string; model: Promise<PatchModel> } | undefined;

  load(dir: string, options: { device: 'auto' | 'cpu' | 'cuda' }): Promise<PatchModel> {
    const key = `${dir}\0${options.device}`;
    if (this.kept?.key !== key) {
      void this.dispose();
      const model = loadModelThread(dir, options);
      const kept = { key, model };
      this.kept = kept;
      // A model that failed to load is tried again by the next run, not kept failing.
      model.catch(() => {
        if (this.kept === kept) this.kept = undefined;
      });
    }
    return this.kept.model;
  }

  async release(): Promise<void> {
    // Kept for the next run.
  }

  /** Frees the kept model (a different model was asked for, or the sidecar stops). */
  async dispose(): Promise<void> {
    const kept = this.kept;
    this.kept = undefined;
    await kept?.model.then(
      (model) => model.dispose(),
      () => undefined,
    );
  }
}
