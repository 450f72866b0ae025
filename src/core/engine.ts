import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { throwIfAborted, describeError, isCanceled } from './errors';
import { runPytest } from './pytest/run';
import { failuresOf, isTestFile } from './pytest/failures';
import { neighbourFiles, withNeighbours } from './pytest/neighbours';
import { failureFor, localize } from './localize';
import { buildModelInput } from './skeleton';
import { templateCandidates } from './generate/templates';
import { dedupeCandidates } from './generate/candidate';
import { modelCandidates, scoreCandidates } from './generate/model-candidates';
import { loadPatchModel, type PatchModel } from './model';
import { defaultModelDir } from './resources';
import { ValidatorPool, type ValidationOutcome } from './validate';
import { orderForValidation, rankValidated } from './ranking';
import { sha256 } from './hash';
import { silencingOf } from './silencing';
import { decodeSource, encodeSource, type DecodedSource } from './sourceEncoding';
import type {
  AnalyzeReport,
  Candidate,
  EngineHooks,
  EngineOptions,
  Failure,
  FixReport,
  PytestRun,
  SourceEncoding,
  Suspect,
  TestScope,
  ValidatedPatch,
} from './types';

// Runs the pipeline stages under one time budget: tests -> localize -> (skeleton | generate ->
// validate). Every stage is a plain function over plain data; this module only sequences them,
// keeps the clock, and reports progress.

const DEFAULT_TIME_BUDGET_MS = 60_000;
const DEFAULT_MAX_CANDIDATES = 2000;
/** Suspects that get template edits / model samples: the top of the ranking holds the bug almost always. */
const TEMPLATE_SUSPECTS = 5;
const MODEL_SUSPECTS = 3;
const MODEL_SAMPLES_PER_SUSPECT = 16;
/** The model may use this share of the time left: validation is what turns candidates into fixes. */
const MODEL_TIME_SHARE = 0.4;
/**
 * A candidate's wall limit once one timed out: this many times what the whole first run's
 * finished tests took, plus a base, and never under the floor (a forked candidate runs fewer
 * tests, without coverage tracing, but a fix may make a failing test do more work).
 */
const AFTER_TIMEOUT_FACTOR = 5;
const AFTER_TIMEOUT_BASE_MS = 1_000;
const AFTER_TIMEOUT_FLOOR_MS = 2_000;
/** Stop once this many patches validate: the user reviews a handful, not hundreds. */
const ENOUGH_PATCHES = 5;
/** After the first validated patch, alternatives are looked for this long, then the user gets the answer. */
const ALTERNATIVES_GRACE_MS = 10_000;

interface Clock {
  startedAt: number;
  deadline: number;
  elapsed(): number;
  left(): number;
}

function startClock(budgetMs: number): Clock {
  const startedAt = Date.now();
  return {
    startedAt,
    deadline: startedAt + budgetMs,
    elapsed: () => Date.now() - startedAt,
    left: () => startedAt + budgetMs - Date.now(),
  };
}

/** A workspace file as the engine reads it: its text in its own encoding, or why there is none. */
type SourceFile =
  | { text: string; encoding: SourceEncoding; sha256: string }
  | { text: null; warning: string };

function unreadableWarning(file: string, decoded: DecodedSource & { ok: false }): string {
  if (decoded.problem === 'unsupported') {
    return `${file} declares the encoding ${decoded.encoding}: DeepDebug edits UTF-8, Latin-1 and ASCII files only, so it proposed no fix in it`;
  }
  return decoded.declared
    ? `${file} is not valid ${decoded.encoding}, the encoding it declares: no fix proposed in it`
    : `${file} is not UTF-8 and declares no other encoding (PEP 263): no fix proposed in it`;
}

function sourceFiles(workspace: string): (file: string) => Promise<SourceFile> {
  const cache = new Map<string, Promise<SourceFile>>();
  return (file) => {
    let source = cache.get(file);
    if (!source) {
      // Files that do not decode in their own encoding are not ours to patch: unreadable rather than mangled.
      source = fs.readFile(path.resolve(workspace, file)).then(
        (bytes): SourceFile => {
          const decoded = decodeSource(bytes);
          return decoded.ok
            ? { text: decoded.text, encoding: decoded.encoding, sha256: sha256(bytes) }
            : { text: null, warning: unreadableWarning(file, decoded) };
        },
        (): SourceFile => ({ text: null, warning: `${file} could not be read: no fix proposed in it` }),
      );
      cache.set(file, source);
    }
    return source;
  };
}

interface Analysis {
  workspace: string;
  /** The selected tests' run, with the passing tests around the selection when there was one. */
  run: PytestRun;
  testScope?: TestScope;
  failures: Failure[];
  suspects: Suspect[];
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
  const selected = await runPytest(runOptions(options.tests), hooks.signal);
  const files = failuresOf(selected).length > 0 ? neighbourFiles(options.tests, selected) : null;
  let run = selected;
  let testScope: TestScope | undefined;
  if (files) {
    hooks.onProgress?.({ stage: 'running-tests', message: `running the other tests of ${files.join(', ')}` });
    ({ run, scope: testScope } = withNeighbours(selected, await runPytest(runOptions(files), hooks.signal), files));
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
  const suspects =
    failures.length === 0
      ? []
      : await localize(run, failures, { workspace, readSource, isTestFile });
  return { workspace, run, testScope, failures, suspects, sourceFile, readSource };
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

async function openModel(options: EngineOptions): Promise<ModelState> {
  if (options.modelDir === null) return { model: null, info: { name: null, device: null, note: 'model disabled' } };
  try {
    const model = await loadPatchModel(options.modelDir ?? defaultModelDir(), { device: options.device ?? 'auto' });
    return { model, info: { name: model.name, device: model.device } };
  } catch (error) {
    // A broken model must not cost the user the template fixes: say so and go on without it.
    return {
      model: null,
      info: { name: null, device: null, note: `model unavailable, using template edits only: ${describeError(error)}` },
    };
  }
}

/**
 * Model samples for the top suspects, within a deadline. Samples finished before the deadline
 * are kept; a user cancel still propagates. A model that fails mid-run (a corrupt graph, an
 * input it cannot take) costs only its own candidates: the failure becomes a note.
 */
async function modelSamples(
  model: PatchModel,
  analysis: Analysis,
  suspects: Suspect[],
  clock: Clock,
  hooks: EngineHooks,
): Promise<{ samples: Candidate[]; note?: string }> {
  const deadline = AbortSignal.timeout(Math.max(0, Math.floor(clock.left() * MODEL_TIME_SHARE)));
  const signal = hooks.signal ? AbortSignal.any([hooks.signal, deadline]) : deadline;
  const samples: Candidate[] = [];
  try {
    for (const suspect of suspects.slice(0, MODEL_SUSPECTS)) {
      const failure = failureFor(suspect, analysis.failures);
      samples.push(
        ...(await modelCandidates(model, [suspect], analysis.readSource, failure, { samplesPerSuspect: MODEL_SAMPLES_PER_SUSPECT, signal })),
      );
    }
  } catch (error) {
    if (hooks.signal?.aborted) throw error;
    if (!isCanceled(error)) return { samples, note: `model failed, kept its earlier samples and the template edits: ${describeError(error)}` };
  }
  return { samples };
}

/** The validated patches with the model's likelihood of each, the ranking's last tie-breaker. */
async function withLikelihood(model: PatchModel, patches: ValidatedPatch[], analysis: Analysis, signal?: AbortSignal): Promise<ValidatedPatch[]> {
  const failure = analysis.suspects[0] ? failureFor(analysis.suspects[0], analysis.failures) : undefined;
  const scored = await scoreCandidates(model, patches, analysis.readSource, failure, { signal }).catch((error: unknown) => {
    if (signal?.aborted) throw error;
    return patches; // Likelihood only breaks ties: a model error must not cost the fixes.
  });
  return patches.map((patch, index) => ({ ...patch, modelLogProb: scored[index]?.modelLogProb ?? patch.modelLogProb }));
}

/** One line per suspect file that gave no candidates because its text could not be read. */
async function unreadableFiles(suspects: Suspect[], analysis: Analysis): Promise<string[]> {
  const warnings: string[] = [];
  for (const file of new Set(suspects.map((suspect) => suspect.file))) {
    const source = await analysis.sourceFile(file);
    if (source.text === null) warnings.push(source.warning);
  }
  return warnings;
}

async function generateStage(
  analysis: Analysis,
  modelState: ModelState,
  options: EngineOptions,
  clock: Clock,
  hooks: EngineHooks,
): Promise<{ candidates: Candidate[]; modelNote?: string; warnings: string[] }> {
  const maxCandidates = options.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
  const editable = analysis.suspects.filter((s) => options.allowTestEdits || !isTestFile(s.file));
  const warnings = await unreadableFiles(editable.slice(0, TEMPLATE_SUSPECTS), analysis);
  hooks.onProgress?.({ stage: 'generating', message: `generating candidates for ${Math.min(editable.length, TEMPLATE_SUSPECTS)} suspects` });
  const templates = await templateCandidates(editable.slice(0, TEMPLATE_SUSPECTS), analysis.readSource, {
    maxCandidates,
    allowTestEdits: options.allowTestEdits ?? false,
    isTestFile,
    failures: analysis.failures,
  });
  if (!modelState.model) return { candidates: orderForValidation(dedupeCandidates(templates)).slice(0, maxCandidates), warnings };
  hooks.onProgress?.({ stage: 'generating', message: `sampling fixes from ${modelState.info.name} (${modelState.info.device})` });
  const neural = await modelSamples(modelState.model, analysis, editable, clock, hooks);
  return {
    candidates: orderForValidation(dedupeCandidates([...neural.samples, ...templates])).slice(0, maxCandidates),
    modelNote: neural.note,
    warnings,
  };
}

interface Rechecked {
  patch: ValidatedPatch;
  outcome: ValidationOutcome;
}

/**
 * The clean re-check of validated patches (ValidatorPool.recheck), one at a time beside the
 * search, so that most are done by the time it ends.
 */
class RecheckQueue {
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

  settled(): Promise<Rechecked[]> {
    return Promise.all(this.runs);
  }
}

/** The patch to show for a validated candidate, or why it silences the tests instead of fixing the code. */
async function shownPatch(
  { candidate, validation }: ValidationOutcome,
  sourceFile: (file: string) => Promise<SourceFile>,
): Promise<ValidatedPatch | { silencing: string }> {
  const base = await sourceFile(candidate.file);
  // Candidates are made from the file's text only, so its record has one.
  if (base.text === null) throw new Error(`no text for ${candidate.file}, yet a candidate edits it`);
  const before = base.text.split('\n').slice(candidate.startLine - 1, candidate.endLine).join('\n');
  const silencing = await silencingOf(before, candidate.newFunctionText);
  if (silencing) return { silencing };
  const encoding = base.encoding === 'utf-8' ? {} : { encoding: base.encoding };
  return { ...candidate, validation, baseSha256: base.sha256, ...encoding };
}

async function validateStage(
  pool: ValidatorPool,
  workers: number,
  candidates: Candidate[],
  sourceFile: (file: string) => Promise<SourceFile>,
  rechecks: RecheckQueue,
  clock: Clock,
  hooks: EngineHooks,
): Promise<{ patches: ValidatedPatch[]; silenced: string[]; validated: number; timeToFirstFixMs: number | null }> {
  const patches: ValidatedPatch[] = [];
  /** Validated candidates that silence the tests instead of fixing the code: never shown, named. */
  const silenced: string[] = [];
  let next = 0;
  let validated = 0;
  let timeToFirstFixMs: number | null = null;
  const stop = new AbortController();
  const onAbort = (): void => stop.abort();
  hooks.signal?.addEventListener('abort', onAbort);
  const timer = setTimeout(onAbort, Math.max(0, clock.left()));
  const lane = async (): Promise<void> => {
    const searching = (): boolean =>
      !stop.signal.aborted &&
      next < candidates.length &&
      patches.length < ENOUGH_PATCHES &&
      (timeToFirstFixMs === null || clock.elapsed() < timeToFirstFixMs + ALTERNATIVES_GRACE_MS);
    while (searching()) {
      const candidate = candidates[next++]!;
      const outcome = await pool.validate(candidate, stop.signal).catch((error: unknown) => {
        if (isCanceled(error)) return null;
        throw error;
      });
      if (!outcome) return;
      validated++;
      if (outcome.verdict === 'validated') {
        const shown = await shownPatch(outcome, sourceFile);
        if ('silencing' in shown) {
          silenced.push(`${candidate.summary} (${shown.silencing})`);
        } else {
          timeToFirstFixMs ??= clock.elapsed();
          patches.push(shown);
          rechecks.add(shown, outcome);
        }
      }
      hooks.onProgress?.({
        stage: 'validating',
        message: `validating ${validated}/${candidates.length} (${patches.length} validated)`,
        done: validated,
        total: candidates.length,
      });
    }
  };
  try {
    await Promise.all(Array.from({ length: workers }, lane));
  } finally {
    clearTimeout(timer);
    hooks.signal?.removeEventListener('abort', onAbort);
  }
  return { patches, silenced, validated, timeToFirstFixMs };
}

/** The validated patches that passed their clean re-check; the others are counted and named in the report. */
async function cleanPatches(rechecks: RecheckQueue, report: FixReport, hooks: EngineHooks): Promise<ValidatedPatch[]> {
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
  return results.filter((result) => result.outcome.verdict === 'validated').map((result) => result.patch);
}

/** The candidates' wall limit after a timeout, from the first run's durations; short from the start when a test timed out there. */
export function afterTimeoutLimit(run: PytestRun): { timeoutMs: number; startShort: boolean } {
  const finished = run.tests.filter((test) => test.outcome !== 'timeout' && test.outcome !== 'crashed');
  const total = finished.reduce((sum, test) => sum + test.durationMs, 0);
  return {
    // Whole seconds: the limit is shown to the user.
    timeoutMs: Math.max(AFTER_TIMEOUT_FLOOR_MS, Math.ceil((AFTER_TIMEOUT_BASE_MS + AFTER_TIMEOUT_FACTOR * total) / 1000) * 1000),
    startShort: run.tests.some((test) => test.outcome === 'timeout'),
  };
}

/** Per test node id: the lines it ran, per workspace file (for the validator's covering tests). */
export function coverageByTest(run: PytestRun): Record<string, Record<string, number[]>> | undefined {
  if (!run.coverageRecorded) return undefined;
  return Object.fromEntries(run.tests.filter((t) => t.coverage).map((t) => [t.nodeid, t.coverage!]));
}

export async function runFix(options: EngineOptions, hooks: EngineHooks = {}): Promise<FixReport> {
  const clock = startClock(options.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS);
  const analysis = await analyzeStage(options, hooks, clock);
  const report: FixReport = {
    version: 1,
    workspace: analysis.workspace,
    failures: analysis.failures,
    flaky: [],
    suspects: analysis.suspects,
    ...(analysis.testScope ? { testScope: analysis.testScope } : {}),
    patches: [],
    model: { name: null, device: null },
    stats: { candidatesGenerated: 0, candidatesValidated: 0, elapsedMs: 0, timeToFirstFixMs: null },
  };
  const failingTests = analysis.failures.filter((f) => f.kind !== 'collection').map((f) => f.nodeid);
  const done = (): FixReport => {
    report.stats.elapsedMs = clock.elapsed();
    hooks.onProgress?.({ stage: 'done', message: `${report.patches.length} validated patches` });
    return report;
  };
  // Collection errors (syntax errors, import failures) stop the suite before any test runs;
  // they are reported with their location, and there is nothing the validator could run.
  if (failingTests.length === 0 || analysis.suspects.length === 0) return done();

  // The model loads while the validator's workers start: both take seconds.
  const modelPromise = openModel(options);
  const workers = os.availableParallelism();
  const pool = await ValidatorPool.start(
    {
      workspace: analysis.workspace,
      python: options.python ?? 'python3',
      failing: failingTests,
      passing: analysis.run.tests.filter((t) => t.outcome === 'passed').map((t) => t.nodeid),
      workers,
      coverage: coverageByTest(analysis.run),
      afterTimeout: afterTimeoutLimit(analysis.run),
      sandbox: options.sandbox,
    },
    hooks.signal,
  ).catch(async (error: unknown) => {
    await (await modelPromise).model?.dispose();
    throw error;
  });
  const modelState = await modelPromise;
  report.containment = pool.containment;
  try {
    report.model = modelState.info;
    const recheck = await pool.recheckFailing();
    report.flaky = recheck.flaky;
    report.failures = analysis.failures.filter((f) => !recheck.flaky.includes(f.nodeid));
    if (recheck.stillFailing.length === 0) return done();
    throwIfAborted(hooks.signal);
    const { candidates, modelNote, warnings } = await generateStage(analysis, modelState, options, clock, hooks);
    if (modelNote) report.model = { ...report.model, note: modelNote };
    if (warnings.length > 0) report.warnings = warnings;
    report.stats.candidatesGenerated = candidates.length;
    const rechecks = new RecheckQueue(pool, hooks.signal);
    const result = await validateStage(pool, workers, candidates, analysis.sourceFile, rechecks, clock, hooks);
    throwIfAborted(hooks.signal);
    const clean = await cleanPatches(rechecks, report, hooks);
    const patches = modelState.model ? await withLikelihood(modelState.model, clean, analysis, hooks.signal) : clean;
    report.patches = rankValidated(patches);
    report.stats.candidatesValidated = result.validated;
    report.stats.timeToFirstFixMs = result.timeToFirstFixMs;
    if (result.silenced.length > 0) {
      const count = result.silenced.length === 1 ? '1 validated patch is not shown because it silences' : `${result.silenced.length} validated patches are not shown because they silence`;
      (report.warnings ??= []).push(`${count} the tests instead of fixing the code: ${result.silenced.join('; ')}`);
    }
    return done();
  } finally {
    await pool.dispose();
    await modelState.model?.dispose();
  }
}
