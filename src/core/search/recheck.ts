import { explainFix } from '../explain';
import { encodeSource } from '../sourceEncoding';
import type { EngineHooks, FixReport, ValidatedPatch } from '../types';
import type { ValidationOutcome, ValidatorPool } from '../validate';

// The clean re-check of validated patches (ValidatorPool.recheck): one at a time beside the
// search, so that most are done by the time it ends; only the patches that pass it are shown.

interface Rechecked {
  patch: ValidatedPatch;
  outcome: ValidationOutcome;
}

/**
 * The clean re-check of validated patches (ValidatorPool.recheck), one at a time beside the
 * search, so that most are done by the time it ends.
 */
export class RecheckQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly runs: Promise<Rechecked>[] = [];
  durationMs = 0;

  constructor(
    private readonly pool: ValidatorPool,
    private readonly signal: AbortSignal | undefined,
  ) {}

  add(patch: ValidatedPatch, validated: ValidationOutcome): void {
    const run = this.tail.then(async (): Promise<Rechecked> => {
      const started = Date.now();
      try {
        const bytes = encodeSource(patch.newFileText, patch.encoding ?? 'utf-8');
        return { patch, outcome: await this.pool.recheck(validated, bytes, this.signal) };
      } finally {
        this.durationMs += Date.now() - started;
      }
    });
    this.tail = run.catch(() => undefined);
    this.runs.push(run);
  }

  get size(): number {
    return this.runs.length;
  }

  /** How many tests passed in the run before any patch. */
  get passedBefore(): number {
    return this.pool.passing.length;
  }

  settled(): Promise<Rechecked[]> {
    return Promise.all(this.runs);
  }
}

/**
 * The validated patches that passed their clean re-check, each explained by it; the others are
 * counted and named in the report.
 */
export async function cleanPatches(rechecks: RecheckQueue, report: FixReport, hooks: EngineHooks): Promise<ValidatedPatch[]> {
  const waitStarted = Date.now();
  if (rechecks.size > 0) {
    hooks.onProgress?.({ stage: 'validating', message: `re-checking ${rechecks.size} validated patches in a fresh copy of the workspace` });
  }
  const results = await rechecks.settled();
  const failed = results.filter((result) => result.outcome.verdict !== 'validated');
  report.stats.cleanRecheck = {
    passed: results.length - failed.length,
    failed: failed.length,
    durationMs: rechecks.durationMs,
    waitedMs: Date.now() - waitStarted,
  };
  if (failed.length > 0) {
    const which = failed.map((result) => `${result.patch.summary} (${result.outcome.detail})`).join('; ');
    const count = failed.length === 1 ? '1 patch' : `${failed.length} patches`;
    (report.warnings ??= []).push(
      `${count} validated once but failed the clean re-check (a fresh copy of the workspace, home and temp folder, a new pytest session) and ${failed.length === 1 ? 'is' : 'are'} not shown: ${which}`,
    );
  }
  return results
    .filter((result) => result.outcome.verdict === 'validated')
    .map((result) => ({ ...result.patch, explanation: explainFix(result.outcome, report.failures, rechecks.passedBefore) }));
}

