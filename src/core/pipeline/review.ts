import { judgeBehaviour, presented } from '../behaviour';
import { withNeedlessTerms } from '../review/patch-shape/needless-term';
import { rankValidated, withoutSupersets } from '../review/ranking';
import { cleanPatches, type CleanPatches } from '../search/recheck';
import { throwIfAborted } from '../errors';
import type { BehaviourStats, Disagreement, EngineHooks, HarmfulCandidate, ValidatedPatch } from '../types';
import type { Analysis } from './analysis';
import type { Clock } from './clock';
import type { ModelSession } from './model-session';
import type { Searched } from './search';
import type { World } from './world';

// What the search's validated patches become before the user sees them: re-checked in a clean
// world (search/recheck.ts), without those that only add to another's edits, scored by the
// model where it loaded, judged on the passing tests' recorded calls and new inputs
// (behaviour/) and against each other (a term another passes the tests without), ranked
// (review/ranking.ts) and, where they disagree, asked about.

export interface Reviewed {
  /** The shown patches, best first. */
  patches: ValidatedPatch[];
  disagreement?: Disagreement;
  clean: CleanPatches;
  /** Every candidate rejected for harm: in the search and in the clean re-check. */
  harmful: HarmfulCandidate[];
  /** Absent when no patch was left to judge. */
  behaviour?: BehaviourStats;
}

export async function reviewStage(
  { result, recording }: Searched,
  world: World,
  analysis: Analysis,
  model: ModelSession,
  clock: Clock,
  hooks: EngineHooks,
): Promise<Reviewed> {
  const { timeline } = clock;
  const clean = await timeline.span('recheck-wait', () => cleanPatches(result.rechecks, world.failures, hooks));
  const bases = new Map(
    await Promise.all(
      [...new Set(clean.patches.map((p) => p.file))].map(async (file) => [file, (await analysis.sourceFile(file)).text] as const),
    ),
  );
  const unique = withoutSupersets(clean.patches, (file) => bases.get(file) ?? null);
  const patches = await model.withLikelihood(unique, hooks.signal);
  const harmful = [...result.harmful, ...clean.harmful];
  if (patches.length === 0) {
    const shown = await timeline.span('ranking', async () => presented([], undefined));
    return { patches: shown.patches, clean, harmful };
  }
  hooks.onProgress?.({ stage: 'validating', message: `replaying the passing tests' calls on ${validatedCount(patches.length)}` });
  const waitStarted = Date.now();
  const recorded = await recording();
  const waitedMs = Date.now() - waitStarted;
  const judged = await timeline.span('replay', () => judgeBehaviour(world.pool, recorded, patches, world.pool.failing, hooks.signal));
  throwIfAborted(hooks.signal);
  const shown = await timeline.span('ranking', async () =>
    presented(rankValidated(withNeedlessTerms(judged.patches)), judged.disagreement),
  );
  return {
    patches: shown.patches,
    ...(shown.disagreement ? { disagreement: shown.disagreement } : {}),
    clean,
    harmful,
    behaviour: { ...judged.stats, waitedMs },
  };
}

/** "1 validated patch", "3 validated patches". */
export function validatedCount(count: number): string {
  return `${count} validated patch${count === 1 ? '' : 'es'}`;
}
