import * as os from 'node:os';
import { throwIfAborted } from './errors';
import { failureFor } from './localize';
import { buildModelInput } from './skeleton';
import { serverBase } from './server';
import { perRun, type ModelLoader } from './model/loader';
import { perRunPools, type EarlyStart, type PoolStarter } from './validate';
import { analyzeStage, type Analysis } from './pipeline/analysis';
import { startClock, type Clock } from './pipeline/clock';
import { ModelSession } from './pipeline/model-session';
import { reviewStage, validatedCount, type Reviewed } from './pipeline/review';
import { searchStage, type Searched } from './pipeline/search';
import { warningLines, type RunWarning } from './pipeline/warnings';
import { reproduceInWorld, startPool, type RunSetup, type World } from './pipeline/world';
import { defaultPython, spawnableInterpreter } from './pytest/interpreter';
import type { AnalyzeReport, EngineHooks, EngineOptions, FixReport, RunOptions } from './types';

// The fix run as a pipeline of stages over plain data, each in src/core/pipeline/ returning
// its typed result: analysis (tests, failures, suspects) -> world (the validator's pool, the
// failures reproduced) -> search (validated patches, the recording beside it) -> review
// (re-checked, judged, ranked) -> the report, assembled once from what the stages returned.
// This module sequences them under one time budget and owns what outlives a stage: the pool
// and the model session, given back when the run ends.

const DEFAULT_TIME_BUDGET_MS = 60_000;
/** Harmful candidates the report names (all are counted): the first few say what happened. */
const HARMFUL_NAMED = 5;

export async function runAnalyze(named: EngineOptions, hooks: EngineHooks = {}): Promise<AnalyzeReport> {
  const clock = startClock(named.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS);
  const analysis = await analyzeStage(await withInterpreter(named), hooks, clock);
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

/**
 * `models`: how the run gets its model and gives it back (loaded and freed per run, or kept by
 * a long-lived host); `pools`: likewise the validator's sessions (begun beside the first run,
 * or kept between runs while the workspace does not change).
 */
export async function runFix(
  named: EngineOptions,
  hooks: EngineHooks = {},
  models: ModelLoader = perRun,
  pools: PoolStarter = perRunPools,
): Promise<FixReport> {
  // A server URL that is malformed or off this machine without leave is refused before anything runs.
  if (named.modelServer) serverBase(named.modelServer.url, named.modelServer.allowRemote);
  const clock = startClock(named.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS);
  const options = await withInterpreter(named);
  const setup: RunSetup = { python: options.python, workers: os.availableParallelism() };
  // The validator's start needs little of what the first run finds: it begins beside it.
  const early = await pools.begin(
    {
      workspace: options.workspace,
      python: setup.python,
      selection: options.tests,
      workers: setup.workers,
      sandbox: options.sandbox,
      validator: options.validator,
    },
    hooks.signal,
  );
  try {
    return await fixStages(setup, options, hooks, { models, pools }, clock, early);
  } finally {
    await early?.dispose(); // unless the pool took it
  }
}

async function fixStages(
  setup: RunSetup,
  options: RunOptions,
  hooks: EngineHooks,
  { models, pools }: { models: ModelLoader; pools: PoolStarter },
  clock: Clock,
  early: EarlyStart | null,
): Promise<FixReport> {
  const analysis = await analyzeStage(options, hooks, clock);
  const model = new ModelSession(options, models, analysis, clock.timeline);
  const failingTests = analysis.failures.filter((f) => f.kind !== 'collection').map((f) => f.nodeid);
  // Collection errors (syntax errors, import failures) stop the suite before any test runs;
  // they are reported with their location, and there is nothing the validator could run.
  if (failingTests.length === 0 || analysis.suspects.length === 0) return fixReport({ analysis, clock, hooks, model: await model.info() });

  const pool = await startPool(setup, options, analysis, failingTests, clock, hooks, early);
  try {
    const world = await reproduceInWorld(pool, analysis, clock, hooks);
    if (pool.failing.length === 0) return fixReport({ analysis, clock, hooks, model: await model.info(), world });
    throwIfAborted(hooks.signal);
    const searched = await searchStage(setup, options, analysis, world, model, clock, hooks);
    throwIfAborted(hooks.signal);
    const modelLine = await model.info(searched.result.modelNote);
    const reviewed = await reviewStage(searched, world, analysis, model, clock, hooks);
    return fixReport({ analysis, clock, hooks, model: modelLine, world, searched, reviewed });
  } finally {
    await (hooks.signal?.aborted ? pool.dispose() : pools.finish(pool));
    await model.release();
  }
}

/** What the stages returned, as far as the run got. */
interface Stages {
  analysis: Analysis;
  clock: Clock;
  hooks: EngineHooks;
  model: FixReport['model'];
  world?: World;
  searched?: Searched;
  reviewed?: Reviewed;
}

/** The report, assembled once from the stages' results; the run's last progress event. */
function fixReport({ analysis, clock, hooks, model, world, searched, reviewed }: Stages): FixReport {
  const result = searched?.result;
  const patches = reviewed?.patches ?? [];
  const harmful = reviewed?.harmful ?? [];
  const warnings: RunWarning[] = [
    ...(world?.warnings ?? []),
    { kind: 'unreadable', lines: result?.unreadable ?? [] },
    { kind: 'recheck-failed', failed: reviewed?.clean.failed ?? [] },
    { kind: 'harm', harmful },
    { kind: 'silenced', why: result?.silenced ?? [] },
    { kind: 'model-server', stats: result?.stats.server },
  ];
  const lines = warningLines(warnings);
  const report: FixReport = {
    version: 1,
    workspace: analysis.workspace,
    failures: world?.failures ?? analysis.failures,
    flaky: world?.flaky ?? [],
    suspects: analysis.suspects,
    ...(analysis.testScope ? { testScope: analysis.testScope } : {}),
    ran: analysis.ran,
    patches,
    model,
    ...(world ? { containment: world.containment, world: world.fidelity } : {}),
    ...(lines.length > 0 ? { warnings: lines } : {}),
    ...(reviewed?.disagreement ? { disagreement: reviewed.disagreement } : {}),
    ...(harmful.length > 0 ? { harmful: harmful.slice(0, HARMFUL_NAMED) } : {}),
    ...(patches.length === 0 && result && result.hints.length > 0 ? { hints: result.hints } : {}),
    stats: {
      candidatesGenerated: result?.candidatesTaken ?? 0,
      candidatesValidated: result?.validated ?? 0,
      elapsedMs: clock.elapsed(),
      timeToFirstFixMs: result && result.timeToFirstFixAt !== null ? result.timeToFirstFixAt - clock.startedAt : null,
      ...(result ? { search: result.stats } : {}),
      ...(reviewed ? { cleanRecheck: reviewed.clean.stats, harmful: harmful.length } : {}),
      ...(reviewed?.behaviour ? { behaviour: reviewed.behaviour } : {}),
      timeline: clock.timeline.steps,
    },
  };
  hooks.onProgress?.({ stage: 'done', message: validatedCount(patches.length) });
  return report;
}

/** The options with the interpreter to use: the one named, else the platform's default, as a program to spawn (pytest/interpreter.ts). */
async function withInterpreter(options: EngineOptions): Promise<RunOptions> {
  return { ...options, python: await spawnableInterpreter(options.python ?? (await defaultPython())) };
}
