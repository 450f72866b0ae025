import * as os from 'node:os';
import { throwIfAborted, describeError } from './errors';
import { runPytest } from './pytest/run';
import { failuresOf, isTestFile } from './pytest/failures';
import { neighbourFiles, withNeighbours } from './pytest/neighbours';
import { testSupportFiles } from './pytest/test-support';
import { failureFor, localize } from './localize';
import { buildModelInput } from './skeleton';
import { CandidateScorer, scoreCandidates } from './generate/model-candidates';
import type { PatchModel } from './model';
import { perRun, type ModelLoader } from './model/loader';
import { defaultModelDir } from './files/resources';
import { harmWarning, perRunPools, ValidatorPool, type EarlyStart, type PoolStarter, type ValidatorOptions } from './validate';
import { worldWarnings } from './validate/reproduce';
import { outsideLinksWarning } from './validate/outside-links';
import { rankValidated, withoutSupersets } from './review/ranking';
import { editableSuspects, sampledSuspects, searchFixes, type IsTestCode, type LoadedModel } from './search';
import { judgeBehaviour, presented, recordCalls, recordPlan, type Judged, type Recorded } from './behaviour';
import { cleanPatches } from './search/recheck';
import { sourceFiles, type SourceFile } from './files/sources';
import { Timeline } from './timeline';
import type {
  AnalyzeReport,
  EngineHooks,
  EngineOptions,
  Failure,
  FixReport,
  PytestRun,
  RunScope,
  Suspect,
  TestScope,
  ValidatedPatch,
} from './types';

// Runs the pipeline stages under one time budget: tests -> localize -> (skeleton | the
// anytime search: generate and validate as one loop). Every stage is a plain function over
// plain data; this module only sequences them, keeps the clock, and reports progress.

const DEFAULT_TIME_BUDGET_MS = 60_000;
/** "1 validated patch", "3 validated patches". */
function validatedCount(count: number): string {
  return `${count} validated patch${count === 1 ? '' : 'es'}`;
}

/** Harmful candidates the report names (all are counted): the first few say what happened. */
const HARMFUL_NAMED = 5;
/**
 * A candidate's wall limits: a base plus so many times what the whole first run's finished
 * tests took, between a floor and a ceiling (a forked candidate runs fewer tests, without
 * coverage tracing, but a fix may make a failing test do more work than the bug let it).
 * Generous at first; tight once a candidate timed out, since candidates that loop are then
 * common (on small projects a 10 s first limit cost half the search's time).
 */
const FIRST_LIMIT = { factor: 20, baseMs: 2_000, floorMs: 4_000, ceilingMs: 10_000 };
const AFTER_TIMEOUT_LIMIT = { factor: 5, baseMs: 500, floorMs: 1_000, ceilingMs: 10_000 };

interface Clock {
  startedAt: number;
  deadline: number;
  elapsed(): number;
  left(): number;
  /** The stages' times, for FixStats.timeline. */
  timeline: Timeline;
}

function startClock(budgetMs: number): Clock {
  const startedAt = Date.now();
  return {
    startedAt,
    deadline: startedAt + budgetMs,
    elapsed: () => Date.now() - startedAt,
    left: () => startedAt + budgetMs - Date.now(),
    timeline: new Timeline(startedAt),
  };
}

interface Analysis {
  workspace: string;
  ran: RunScope;
  /** The selected tests' run, with the passing tests around the selection when there was one. */
  run: PytestRun;
  testScope?: TestScope;
  failures: Failure[];
  suspects: Suspect[];
  /** Test files and test support (pytest/test-support.ts): edited only where the user allows. */
  isTestCode: IsTestCode;
  sourceFile: (file: string) => Promise<SourceFile>;
  /** The file's text (decoded in its own encoding), null where there is none. */
  readSource: (file: string) => Promise<string | null>;
}

async function analyzeStage(options: EngineOptions, hooks: EngineHooks, clock: Clock): Promise<Analysis> {
  // runPytest checks the folder (one clear error) and resolves it; the later stages use its answer.
  const python = options.python ?? 'python3';
  hooks.onProgress?.({ stage: 'running-tests', message: 'running tests' });
  const runOptions = (selection: string[]) => ({
    workspace: options.workspace,
    python,
    selection,
    coverage: true,
    // One hanging test must not eat the whole budget. Whole seconds: the limit is shown to the user.
    perTestTimeoutMs: Math.max(2, Math.min(30, Math.round(clock.left() / 4_000))) * 1_000,
    timeoutMs: Math.max(5_000, clock.left()),
  });
  const { timeline } = clock;
  const selected = await timeline.span('first-run', () => runPytest(runOptions(options.tests), hooks.signal));
  const files = failuresOf(selected).length > 0 ? neighbourFiles(options.tests, selected) : null;
  let run = selected;
  let testScope: TestScope | undefined;
  if (files) {
    hooks.onProgress?.({ stage: 'running-tests', message: `running the other tests of ${files.join(', ')}` });
    const neighbours = await timeline.span('neighbours-run', () => runPytest(runOptions(files), hooks.signal));
    ({ run, scope: testScope } = withNeighbours(selected, neighbours, files));
  }
  const workspace = run.workspace;
  const failures = failuresOf(run);
  throwIfAborted(hooks.signal);
  hooks.onProgress?.({
    stage: 'localizing',
    message: `${failures.length} failing of ${run.tests.length}; localizing`,
  });
  const sourceFile = sourceFiles(workspace);
  const readSource = async (file: string): Promise<string | null> => (await sourceFile(file)).text;
  // Test support (modules in a tests' folder that serve only the tests) counts as test code.
  const support = failures.length === 0 ? new Set<string>() : await testSupportFiles(workspace);
  const isTestCode = (file: string): boolean => isTestFile(file) || support.has(file);
  const suspects =
    failures.length === 0
      ? []
      : await timeline.span('localize', () => localize(run, failures, { workspace, readSource, isTestFile: isTestCode }));
  return {
    workspace,
    ran: { selection: options.tests, testsRun: selected.tests.length },
    run,
    testScope,
    failures,
    suspects,
    isTestCode,
    sourceFile,
    readSource,
  };
}

export async function runAnalyze(options: EngineOptions, hooks: EngineHooks = {}): Promise<AnalyzeReport> {
  const clock = startClock(options.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS);
  const analysis = await analyzeStage(options, hooks, clock);
  const top = analysis.suspects[0];
  const topSource = top ? await analysis.readSource(top.file) : null;
  const skeleton =
    top && topSource !== null
      ? await buildModelInput({
          source: topSource,
          file: top.file,
          focal: { function: top.function, startLine: top.startLine, endLine: top.endLine },
          failure: failureFor(top, analysis.failures),
        })
      : null;
  hooks.onProgress?.({ stage: 'done', message: 'analysis done' });
  return {
    version: 1,
    workspace: analysis.workspace,
    failures: analysis.failures,
    suspects: analysis.suspects,
    skeleton,
    ran: analysis.ran,
    stats: {
      elapsedMs: clock.elapsed(),
      testsRun: analysis.run.tests.length,
      coverageRecorded: analysis.run.coverageRecorded,
    },
  };
}

interface ModelState {
  model: PatchModel | null;
  info: FixReport['model'];
}

/** Loads the model; only asked for when one is wanted (`modelDir` not null: see modelNotLoaded). */
async function openModel(options: EngineOptions, models: ModelLoader, timeline: Timeline): Promise<ModelState> {
  try {
    const model = await timeline.span('model-load', () =>
      models.load(options.modelDir ?? defaultModelDir(), { device: options.device ?? 'auto' }),
    );
    return { model, info: { name: model.name, device: model.device } };
  } catch (error) {
    // A broken model must not cost the user the template fixes: say so and go on without it.
    return {
      model: null,
      info: { name: null, device: null, note: `model unavailable, using template edits only: ${describeError(error)}` },
    };
  }
}

interface ModelInUse {
  /** The model and its scorer, with the sampled suspects' inputs encoded; null when it did not load. */
  loaded: LoadedModel | null;
  info: FixReport['model'];
}

async function modelInUse(options: EngineOptions, models: ModelLoader, analysis: Analysis, timeline: Timeline): Promise<ModelInUse> {
  const { model, info } = await openModel(options, models, timeline);
  if (!model) return { loaded: null, info };
  const scorer = new CandidateScorer(model, analysis.readSource, analysis.failures);
  // Encoded before the first scores and samples are asked for, so those wait on the decoder alone.
  await timeline
    .span('model-inputs', () => scorer.warm(sampledSuspects(analysis.suspects, options.allowTestEdits ?? false, analysis.isTestCode)))
    .catch(() => undefined);
  return { loaded: { model, scorer }, info };
}

/** The report's model line when the search never asked for the model (the run ended before any candidate's outcome). */
function modelNotLoaded(options: EngineOptions): FixReport['model'] {
  return options.modelDir === null ? { name: null, device: null, note: 'model disabled' } : { name: null, device: null };
}

/** The validated patches with the model's likelihood of each (those the search's prior scored keep theirs). */
async function withLikelihood(
  scorer: CandidateScorer,
  patches: ValidatedPatch[],
  analysis: Analysis,
  signal?: AbortSignal,
): Promise<ValidatedPatch[]> {
  const scored = await scoreCandidates(scorer.model, patches, analysis.readSource, analysis.failures, {
    scorer,
    ...(signal ? { signal } : {}),
  }).catch((error: unknown) => {
    if (signal?.aborted) throw error;
    return patches; // A model error must not cost the fixes: they keep the order without it.
  });
  return patches.map((patch, index) => ({ ...patch, modelLogProb: scored[index]?.modelLogProb ?? patch.modelLogProb }));
}

/** The candidates' wall limits from the first run's durations; short from the start when a test timed out there. */
function candidateLimits(run: PytestRun): { perCandidateTimeoutMs: number; afterTimeout: { timeoutMs: number; startShort: boolean } } {
  const finished = run.tests.filter((test) => test.outcome !== 'timeout' && test.outcome !== 'crashed');
  const total = finished.reduce((sum, test) => sum + test.durationMs, 0);
  // Whole seconds: the limits are shown to the user.
  const limit = (rule: typeof FIRST_LIMIT) =>
    Math.min(rule.ceilingMs, Math.max(rule.floorMs, Math.ceil((rule.baseMs + rule.factor * total) / 1000) * 1000));
  return {
    perCandidateTimeoutMs: limit(FIRST_LIMIT),
    afterTimeout: { timeoutMs: limit(AFTER_TIMEOUT_LIMIT), startShort: run.tests.some((test) => test.outcome === 'timeout') },
  };
}

/** Per test node id: the lines it ran, per workspace file (for the validator's covering tests). */
export function coverageByTest(run: PytestRun): Record<string, Record<string, number[]>> | undefined {
  if (!run.coverageRecorded) return undefined;
  return Object.fromEntries(run.tests.filter((t) => t.coverage).map((t) => [t.nodeid, t.coverage!]));
}

/**
 * `models`: how the run gets its model and gives it back (loaded and freed per run, or kept by
 * a long-lived host); `pools`: likewise the validator's sessions (begun beside the first run,
 * or kept between runs while the workspace does not change).
 */
export async function runFix(
  options: EngineOptions,
  hooks: EngineHooks = {},
  models: ModelLoader = perRun,
  pools: PoolStarter = perRunPools,
): Promise<FixReport> {
  const clock = startClock(options.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS);
  const python = options.python ?? 'python3';
  const workers = os.availableParallelism();
  // The validator's start needs little of what the first run finds: it begins beside it.
  const early = await pools.begin(
    { workspace: options.workspace, python, selection: options.tests, workers, sandbox: options.sandbox },
    hooks.signal,
  );
  try {
    return await fixStages(options, hooks, { models, pools }, clock, early);
  } finally {
    await early?.dispose(); // unless the pool took it
  }
}

async function fixStages(
  options: EngineOptions,
  hooks: EngineHooks,
  { models, pools }: { models: ModelLoader; pools: PoolStarter },
  clock: Clock,
  early: EarlyStart | null,
): Promise<FixReport> {
  const analysis = await analyzeStage(options, hooks, clock);
  const report: FixReport = {
    version: 1,
    workspace: analysis.workspace,
    failures: analysis.failures,
    flaky: [],
    suspects: analysis.suspects,
    ...(analysis.testScope ? { testScope: analysis.testScope } : {}),
    ran: analysis.ran,
    patches: [],
    model: modelNotLoaded(options),
    stats: { candidatesGenerated: 0, candidatesValidated: 0, elapsedMs: 0, timeToFirstFixMs: null },
  };
  const failingTests = analysis.failures.filter((f) => f.kind !== 'collection').map((f) => f.nodeid);
  const { timeline } = clock;
  const done = (): FixReport => {
    report.stats.elapsedMs = clock.elapsed();
    report.stats.timeline = timeline.steps;
    hooks.onProgress?.({ stage: 'done', message: validatedCount(report.patches.length) });
    return report;
  };
  // Collection errors (syntax errors, import failures) stop the suite before any test runs;
  // they are reported with their location, and there is nothing the validator could run.
  if (failingTests.length === 0 || analysis.suspects.length === 0) return done();

  // The model loads only when the search asks for it, once its first candidates are out (see
  // SearchInput.loadModel); it is given back once nothing of the run uses it.
  let modelLoad = null as Promise<ModelInUse> | null; // (set by loadModel, which the search calls)
  const loadModel = (): Promise<ModelInUse> => (modelLoad ??= modelInUse(options, models, analysis, timeline));
  const releaseModel = async (): Promise<void> => {
    const model = modelLoad && (await modelLoad).loaded?.model;
    if (model) await models.release(model);
  };
  const workers = os.availableParallelism();
  const passing = analysis.run.tests.filter((t) => t.outcome === 'passed');
  const poolOptions: ValidatorOptions = {
    workspace: analysis.workspace,
    python: options.python ?? 'python3',
    failing: failingTests,
    passing: passing.map((t) => t.nodeid),
    passingDurationMs: passing.reduce((sum, t) => sum + t.durationMs, 0),
    workers,
    coverage: coverageByTest(analysis.run),
    environRead: analysis.run.environRead,
    ...candidateLimits(analysis.run),
    sandbox: options.sandbox,
  };
  const poolAsked = Date.now();
  const pool = await ValidatorPool.start(poolOptions, hooks.signal, early);
  timeline.add('pool-start', pool.startedEarly ? clock.startedAt : poolAsked, Date.now());
  report.containment = pool.containment;
  const linksWarning = outsideLinksWarning(pool.containment.outsideLinks ?? []);
  if (linksWarning !== null) (report.warnings ??= []).push(linksWarning);
  try {
    hooks.onProgress?.({
      stage: 'validating',
      message: "reproducing the failures in the validator (the unpatched code, your run's order)",
    });
    const reproduceStarted = Date.now();
    const reproduction = await timeline.span('reproduce', () => pool.reproduce(analysis.run.tests, hooks.signal));
    report.flaky = reproduction.flaky;
    report.failures = analysis.failures.filter((f) => !reproduction.flaky.includes(f.nodeid));
    report.world = {
      differs: reproduction.differs,
      orderDependent: reproduction.orderDependent,
      environment: pool.environment,
      home: pool.home,
      reproduceMs: Date.now() - reproduceStarted,
    };
    const worldLines = worldWarnings(report.world);
    if (worldLines.length > 0) (report.warnings ??= []).push(...worldLines);
    if (pool.failing.length === 0) return done();
    throwIfAborted(hooks.signal);
    // Beside the search, on one worker, once a patch validated (no worker is kept from the first
    // candidates): the passing tests' calls to the suspects, on the unpatched code.
    const editable = editableSuspects(analysis.suspects, options.allowTestEdits ?? false, analysis.isTestCode);
    const durations = new Map(analysis.run.tests.map((test) => [test.nodeid, test.durationMs]));
    const plan = recordPlan(editable, { passing: pool.passing, failing: pool.failing }, coverageByTest(analysis.run), durations);
    let recording: Promise<Recorded> | undefined;
    const record = () => (recording ??= timeline.span('recording', () => recordCalls(pool, plan, hooks.signal)));
    const searchHooks: EngineHooks = {
      ...hooks,
      onPatch: (event) => {
        if (event.kind === 'validated') void record();
        hooks.onPatch?.(event);
      },
    };
    const result = await timeline.span('search', () =>
      searchFixes({
        pool,
        lanes: workers,
        suspects: analysis.suspects,
        failures: analysis.failures,
        sourceFile: analysis.sourceFile,
        readSource: analysis.readSource,
        loadModel: options.modelDir === null ? null : async () => (await loadModel()).loaded,
        allowTestEdits: options.allowTestEdits ?? false,
        isTestCode: analysis.isTestCode,
        deadline: clock.deadline,
        maxCandidates: options.maxCandidates ?? Number.POSITIVE_INFINITY,
        hooks: searchHooks,
      }),
    );
    if (result.firstCandidateAt !== null) timeline.mark('first-candidate', result.firstCandidateAt);
    if (result.timeToFirstFixAt !== null) timeline.mark('first-fix', result.timeToFirstFixAt);
    throwIfAborted(hooks.signal);
    if (result.unreadable.length > 0) (report.warnings ??= []).push(...result.unreadable);
    report.stats.candidatesGenerated = result.candidatesTaken;
    report.stats.candidatesValidated = result.validated;
    report.stats.timeToFirstFixMs = result.timeToFirstFixAt === null ? null : result.timeToFirstFixAt - clock.startedAt;
    report.stats.search = result.stats;
    const modelState = modelLoad ? await modelLoad : null;
    if (modelState) report.model = modelState.info;
    if (result.modelNote) report.model = { ...report.model, note: result.modelNote };
    const scorer = modelState?.loaded?.scorer ?? null;
    const { patches: rechecked, harmful: harmfulRechecks } = await timeline.span('recheck-wait', () =>
      cleanPatches(result.rechecks, report, hooks),
    );
    const harmful = [...result.harmful, ...harmfulRechecks];
    report.stats.harmful = harmful.length;
    if (harmful.length > 0) report.harmful = harmful.slice(0, HARMFUL_NAMED);
    const harm = harmWarning(harmful);
    if (harm !== null) (report.warnings ??= []).push(harm);
    const bases = new Map(
      await Promise.all(
        [...new Set(rechecked.map((p) => p.file))].map(async (file) => [file, (await analysis.sourceFile(file)).text] as const),
      ),
    );
    const clean = withoutSupersets(rechecked, (file) => bases.get(file) ?? null);
    const patches = scorer ? await timeline.span('likelihood', () => withLikelihood(scorer, clean, analysis, hooks.signal)) : clean;
    // The evidence beyond the tests (behaviour/): the recorded calls replayed on every patch, and new inputs.
    let judged: Judged | null = null;
    if (patches.length > 0) {
      hooks.onProgress?.({ stage: 'validating', message: `replaying the passing tests' calls on ${validatedCount(patches.length)}` });
      const waitStarted = Date.now();
      const recorded = await record();
      const waitedMs = Date.now() - waitStarted;
      judged = await timeline.span('replay', () => judgeBehaviour(pool, recorded, patches, pool.failing, hooks.signal));
      throwIfAborted(hooks.signal);
      report.stats.behaviour = { ...judged.stats, waitedMs };
    }
    const shown = await timeline.span('ranking', async () => presented(rankValidated(judged?.patches ?? []), judged?.disagreement));
    report.patches = shown.patches;
    if (shown.disagreement) report.disagreement = shown.disagreement;
    if (report.patches.length === 0 && result.hints.length > 0) report.hints = result.hints;
    if (result.silenced.length > 0) {
      const count =
        result.silenced.length === 1
          ? '1 validated patch is not shown because it silences'
          : `${result.silenced.length} validated patches are not shown because they silence`;
      (report.warnings ??= []).push(`${count} the tests instead of fixing the code: ${result.silenced.join('; ')}`);
    }
    return done();
  } finally {
    await (hooks.signal?.aborted ? pool.dispose() : pools.finish(pool));
    await releaseModel();
  }
}
