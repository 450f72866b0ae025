import * as path from 'node:path';
import { EarlyStart, type EarlyStartOptions } from './early-start';

// How a fix run gets its validator's sessions and gives them back. The CLI runs once: begun
// beside the first run, disposed at the end (perRunPools). The sidecar serves run after run
// on the same workspace: a pool's sessions and copy are kept after its run (KeptPools) and the
// next run takes them, serving its own tests, as long as no file they copied changed (the
// copy is checked against the workspace when a run starts and again when it takes them);
// any change retires them, and so does an idle while.

/** What a run's pool offers when the run is done with it (the ValidatorPool). */
export interface FinishedPool {
  readonly workspace: string;
  /** Ends the pool but keeps its sessions and copy for a later run; null when there are none to keep. */
  keep(): Promise<EarlyStart | null>;
  dispose(): Promise<void>;
}

export interface PoolStarter {
  /** The sessions a fix run starts with: kept ones that suit it, else an early start. */
  begin(options: EarlyStartOptions, signal?: AbortSignal): Promise<EarlyStart | null>;
  /** The run is done with its pool. */
  finish(pool: FinishedPool): Promise<void>;
}

export const perRunPools: PoolStarter = {
  begin: async (options, signal) => EarlyStart.begin(options, signal),
  finish: (pool) => pool.dispose(),
};

/** Kept sessions are retired after this long without a run. */
const IDLE_MS = 10 * 60_000;

export class KeptPools implements PoolStarter {
  /** By resolved workspace: one pool's sessions each. */
  private readonly kept = new Map<string, { start: EarlyStart; timer: NodeJS.Timeout }>();

  async begin(options: EarlyStartOptions, signal?: AbortSignal): Promise<EarlyStart | null> {
    const start = this.takeKept(path.resolve(options.workspace));
    if (start && (await start.suits(options))) return start;
    await start?.dispose(); // a file changed, or another interpreter: retired
    return EarlyStart.begin(options, signal);
  }

  async finish(pool: FinishedPool): Promise<void> {
    const start = await pool.keep();
    if (!start) return;
    const workspace = path.resolve(pool.workspace);
    await this.takeKept(workspace)?.dispose();
    const timer = setTimeout(() => void this.takeKept(workspace)?.dispose(), IDLE_MS);
    timer.unref();
    this.kept.set(workspace, { start, timer });
  }

  /** Retires every kept pool (the sidecar stops). */
  async dispose(): Promise<void> {
    await Promise.all([...this.kept.keys()].map((workspace) => this.takeKept(workspace)?.dispose()));
  }

  private takeKept(workspace: string): EarlyStart | undefined {
    const kept = this.kept.get(workspace);
    if (!kept) return undefined;
    clearTimeout(kept.timer);
    this.kept.delete(workspace);
    return kept.start;
  }
}
