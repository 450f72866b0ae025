import { explainFix } from '../review/explain';
import { isSuperset, lineEdits, type LineEdits } from '../review/ranking';
import { encodeSource } from '../files/source-encoding';
import type { EngineHooks, Failure, FixStats, HarmfulCandidate, ValidatedPatch } from '../types';
import { harmfulCandidate, type ValidationOutcome, type ValidatorPool } from '../validate';

// The clean re-check of validated patches (ValidatorPool.recheck): one at a time beside the
// search, so that most are done by the time it ends; only the patches that pass it are shown.
// A patch that makes another's edits and more (ranking.ts, isSuperset) is never shown when the
// smaller one passes, so it waits behind the smaller one and is skipped once that passes.

interface Rechecked {
  patch: ValidatedPatch;
  outcome: ValidationOutcome;
}

interface Entry {
  patch: ValidatedPatch;
  validated: ValidationOutcome;
  edits: LineEdits | null;
  state: 'waiting' | 'running' | 'passed' | 'failed';
  outcome?: ValidationOutcome;
}

/**
 * The clean re-check of validated patches (ValidatorPool.recheck), one at a time beside the
 * search, so that most are done by the time it ends. The next one is the earliest waiting patch
 * that is no superset of another still in play (waiting, running or passed): a superset runs
 * only if every smaller patch it contains failed its re-check, as withoutSupersets would show it
 * only then.
 */
export class RecheckQueue {
  private readonly entries: Entry[] = [];
  private draining = false;
  private drained: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;
  durationMs = 0;

  /** `onRechecked` hears each patch's re-check as it ends (the search turns it into a PatchEvent). */
  constructor(
    private readonly pool: ValidatorPool,
    private readonly signal: AbortSignal | undefined,
    private readonly onRechecked: (patch: ValidatedPatch, outcome: ValidationOutcome) => void = () => undefined,
  ) {}

  /** `base`: the patched file's text before the patch (null when unknown: then it is nobody's superset). */
  add(patch: ValidatedPatch, validated: ValidationOutcome, base: string | null): void {
    this.entries.push({ patch, validated, edits: lineEdits(patch, base), state: 'waiting' });
    if (!this.draining) {
      this.draining = true;
      this.drained = this.drain();
    }
  }

  /** Patches re-checked or still to be (not those a smaller one in play will let skip). */
  get size(): number {
    return this.entries.filter((entry) => entry.state !== 'waiting' || !this.covered(entry)).length;
  }

  /** How many tests passed in the run before any patch. */
  get passedBefore(): number {
    return this.pool.passing.length;
  }

  /** The re-checked patches in the order they were added, and how many were skipped as supersets. */
  async settled(): Promise<{ rechecked: Rechecked[]; skipped: number }> {
    await this.drained;
    if (this.failure) throw this.failure.error;
    const rechecked = this.entries.flatMap(({ patch, outcome }) => (outcome ? [{ patch, outcome }] : []));
    return { rechecked, skipped: this.entries.length - rechecked.length };
  }

  private covered(entry: Entry): boolean {
    return this.entries.some((other) => other.state !== 'failed' && isSuperset(entry.edits, other.edits));
  }

  private async drain(): Promise<void> {
    try {
      for (let next = this.next(); next; next = this.next()) {
        next.state = 'running';
        const started = Date.now();
        try {
          const bytes = encodeSource(next.patch.newFileText, next.patch.encoding ?? 'utf-8');
          next.outcome = await this.pool.recheck(next.validated, bytes, this.signal);
          next.state = next.outcome.verdict === 'validated' ? 'passed' : 'failed';
          this.onRechecked(next.patch, next.outcome);
        } finally {
          this.durationMs += Date.now() - started;
        }
      }
    } catch (error) {
      // Kept for settled(): until then nobody awaits the queue.
      this.failure ??= { error };
    } finally {
      // Synchronously with the last next(): a patch added from now on starts a new drain.
      this.draining = false;
    }
  }

  private next(): Entry | undefined {
    return this.entries.find((entry) => entry.state === 'waiting' && !this.covered(entry));
  }
}

export interface CleanPatches {
  /** The patches that passed, each explained by its re-check (`failures`: the run's failing tests). */
  patches: ValidatedPatch[];
  /** Those whose re-check did harm outside the project. */
  harmful: HarmfulCandidate[];
  /** Those that failed it otherwise, and how. */
  failed: { summary: string; detail: string }[];
  stats: NonNullable<FixStats['cleanRecheck']>;
}

/** The validated patches that passed their clean re-check, and what became of the others. */
export async function cleanPatches(rechecks: RecheckQueue, failures: readonly Failure[], hooks: EngineHooks): Promise<CleanPatches> {
  const waitStarted = Date.now();
  if (rechecks.size > 0) {
    hooks.onProgress?.({ stage: 'validating', message: `re-checking ${rechecks.size} validated patches in a fresh copy of the workspace` });
  }
  const { rechecked: results, skipped } = await rechecks.settled();
  // A patch whose re-check did harm is named with the others that did (validate/effects.ts).
  const harmful = results.filter((result) => result.outcome.verdict === 'harmful');
  const failed = results.filter((result) => result.outcome.verdict !== 'validated' && result.outcome.verdict !== 'harmful');
  const stats = {
    passed: results.length - failed.length - harmful.length,
    failed: failed.length + harmful.length,
    durationMs: rechecks.durationMs,
    waitedMs: Date.now() - waitStarted,
    skipped,
  };
  const patches = results
    .filter((result) => result.outcome.verdict === 'validated')
    .map((result) => ({ ...result.patch, explanation: explainFix(result.outcome, failures, rechecks.passedBefore) }));
  return {
    patches,
    harmful: harmful.map((result) => harmfulCandidate(result.outcome)),
    failed: failed.map((result) => ({ summary: result.patch.summary, detail: result.outcome.detail })),
    stats,
  };
}
