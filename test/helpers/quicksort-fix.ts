import { runFix } from '../../src/core/engine';
import type { FixReport } from '../../src/core/types';
import type { PoolStarter } from '../../src/core/validate';

// A short fix run, templates only, on a copy of test/fixtures/validate-basic (a quicksort that
// drops duplicates), for tests of how the validator starts.

export function fixQuicksort(workspace: string, pools?: PoolStarter): Promise<FixReport> {
  const options = { workspace, tests: ['test_algorithms.py'], python: 'python3', modelDir: null, timeBudgetMs: 30_000, maxCandidates: 40 };
  return runFix(options, {}, undefined, pools);
}

/** Whether a shown patch is the intended fix. */
export function fixesQuicksort(report: FixReport): boolean {
  return report.patches.some((patch) => patch.diff.includes('x >= pivot'));
}
