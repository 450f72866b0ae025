import { recordCalls, recordPlan, type Recorded } from '../behaviour';
import { editableSuspects, searchFixes, type SearchResult } from '../search';
import type { EngineHooks, EngineOptions } from '../types';
import type { Analysis } from './analysis';
import type { Clock } from './clock';
import type { ModelSession } from './model-session';
import type { RunSetup, World } from './world';

// The anytime search (search/index.ts) in the run's world, and beside it, on one worker once a
// patch validated (no worker is kept from the first candidates), the passing tests' calls to
// the suspects recorded on the unpatched code (behaviour/record.ts) for the review to replay.

export interface Searched {
  result: SearchResult;
  /** The recording: begun when the first patch validated, or now; the same promise every time. */
  recording: () => Promise<Recorded>;
}

export async function searchStage(
  setup: RunSetup,
  options: EngineOptions,
  analysis: Analysis,
  { pool }: World,
  model: ModelSession,
  clock: Clock,
  hooks: EngineHooks,
): Promise<Searched> {
  const { timeline } = clock;
  const allowTestEdits = options.allowTestEdits ?? false;
  const editable = editableSuspects(analysis.suspects, allowTestEdits, analysis.isTestCode);
  const durations = new Map(analysis.run.tests.map((test) => [test.nodeid, test.durationMs]));
  const plan = recordPlan(editable, { passing: pool.passing, failing: pool.failing }, analysis.coverage, durations);
  let recorded: Promise<Recorded> | undefined;
  const recording = () => (recorded ??= timeline.span('recording', () => recordCalls(pool, plan, hooks.signal)));
  const result = await timeline.span('search', () =>
    searchFixes({
      pool,
      lanes: setup.workers,
      suspects: analysis.suspects,
      failures: analysis.failures,
      sourceFile: analysis.sourceFile,
      readSource: analysis.readSource,
      loadModel: model.loader,
      allowTestEdits,
      isTestCode: analysis.isTestCode,
      deadline: clock.deadline,
      maxCandidates: options.maxCandidates ?? Number.POSITIVE_INFINITY,
      ...(options.modelServer ? { modelServer: options.modelServer } : {}),
      hooks: {
        ...hooks,
        onPatch: (event) => {
          if (event.kind === 'validated') void recording();
          hooks.onPatch?.(event);
        },
      },
    }),
  );
  if (result.firstCandidateAt !== null) timeline.mark('first-candidate', result.firstCandidateAt);
  if (result.timeToFirstFixAt !== null) timeline.mark('first-fix', result.timeToFirstFixAt);
  return { result, recording };
}
