import { ownEditOf } from '../generate/edit-alone';
import { templateStream, templateStreamOn } from '../generate/templates';
import { shapeObjections } from '../review/patch-shape';
import { silencingOf } from '../review/silencing';
import { ServerSource } from '../server';
import type { SourceFile } from '../files/sources';
import type {
  Candidate,
  EngineHooks,
  Failure,
  HarmfulCandidate,
  Hint,
  ModelServerSettings,
  SearchStats,
  Suspect,
  ValidatedPatch,
} from '../types';
import { brokenTests, harmfulCandidate, type ValidationOutcome, type ValidatorPool } from '../validate';
import { AngelicSource } from './angelic';
import { Frontier, type CandidateStream, type Round } from './frontier';
import { isPartialFix, runLanes } from './lanes';
import { PRIOR_LATER_WAIT_MS, priorStats, withPrior, type Prior } from './prior';
import { ModelLane, type LoadedModel } from './model-lane';
import { RecheckQueue } from './recheck';

export type { LoadedModel } from './model-lane';

// The anytime repair search: one loop that spends the whole budget. Single template edits
// stream best first from the suspects; model samples join while validation runs; a candidate
// that fixes part of the failure becomes the base of a round of edits on top of it (an edit that
// validates there is tried alone next: the partial fix may be a needless part of it); when the
// singles and the model are spent, pairs of the best single edits follow. It ends when the
// budget is spent, enough patches validated (or the alternatives window after the first fix
// closed), or the space is truly empty, and says which.

/** Suspects that get template edits / model samples: the top of the ranking holds the bug almost always. */
const TEMPLATE_SUSPECTS = 5;
const MODEL_SUSPECTS = 3;
/** Stop once this many patches validate: the user reviews a handful, not hundreds. */
const ENOUGH_PATCHES = 5;
/**
 * After the first validated patch, alternatives are looked for this long and among at least
 * this many more candidates (an idle machine runs several hundred in the time; a loaded one must
 * not see fewer), then the user gets the answer; never longer than three windows.
 */
const ALTERNATIVES_WINDOW = { ms: 10_000, candidates: 100, longestMs: 30_000 };
/** Rounds on partial fixes the search opens at most (each is a full set of single edits). */
const MAX_PARTIAL_ROUNDS = 8;
/**
 * Candidates taken before conditions are synthesized from angelic probes (search/angelic.ts):
 * the cheap single edits of the first rounds go first, the probes cost a dozen runs.
 */
const ANGELIC_AFTER = 48;
/** The model loads this long after the first candidate's outcome, unless a patch validated sooner (see SearchInput.loadModel). */
const MODEL_AFTER_MS = 1_000;
/** Unvalidated hints shown when nothing validated. */
const MAX_HINTS = 3;

export interface SearchInput {
  pool: ValidatorPool;
  lanes: number;
  /** Ranked suspects (the search skips test files unless allowed). */
  suspects: Suspect[];
  failures: Failure[];
  sourceFile: (file: string) => Promise<SourceFile>;
  readSource: (file: string) => Promise<string | null>;
  /**
   * Loads the model (null: no model). The search calls it once: when a first patch validated,
   * MODEL_AFTER_MS after the first candidate's outcome, or when nothing else is left to hand
   * out. Its load and first scores take the CPU the first candidates need on a small machine,
   * and the first fixes come from the template edits.
   */
  loadModel: (() => Promise<LoadedModel | null>) | null;
  allowTestEdits: boolean;
  /** Whether a file is test code (a test file or test support: pytest/test-support.ts), edited only where allowed. */
  isTestCode: IsTestCode;
  /** Absolute time (ms since the epoch) the search must end by. */
  deadline: number;
  maxCandidates: number;
  /** The user's model server, asked about the sampled suspects from the start (absent: none). */
  modelServer?: ModelServerSettings;
  hooks: EngineHooks;
}

export type IsTestCode = (file: string) => boolean;

export interface SearchResult {
  /** Validated patches, in the order they validated (not yet re-checked or ranked). */
  patches: ValidatedPatch[];
  rechecks: RecheckQueue;
  /** Validated candidates never shown because they silence the tests, with why. */
  silenced: string[];
  /** Candidates whose tests did harm outside the project (validate/effects.ts): never shown nor built on. */
  harmful: HarmfulCandidate[];
  hints: Hint[];
  stats: SearchStats;
  candidatesTaken: number;
  validated: number;
  /** When the first candidate was handed out and the first patch validated (ms since the epoch). */
  firstCandidateAt: number | null;
  timeToFirstFixAt: number | null;
  modelNote?: string;
  /** One line per suspect file the search could not edit because its text could not be read. */
  unreadable: string[];
}

/** The suspects the search edits: the top of the ranking, test code (test files and their support) only where allowed. */
export function editableSuspects(suspects: readonly Suspect[], allowTestEdits: boolean, isTestCode: IsTestCode): Suspect[] {
  return suspects.filter((s) => allowTestEdits || !isTestCode(s.file)).slice(0, TEMPLATE_SUSPECTS);
}

/** The suspects the model samples for (and whose inputs the engine has encoded while the validator starts). */
export function sampledSuspects(suspects: readonly Suspect[], allowTestEdits: boolean, isTestCode: IsTestCode): Suspect[] {
  return editableSuspects(suspects, allowTestEdits, isTestCode)
    .slice(0, MODEL_SUSPECTS)
    .filter((s) => s.function !== '<module>');
}

export async function searchFixes(input: SearchInput): Promise<SearchResult> {
  const { pool, hooks } = input;
  const editable = editableSuspects(input.suspects, input.allowTestEdits, input.isTestCode);
  hooks.onProgress?.({ stage: 'generating', message: `generating candidates for ${editable.length} suspects` });
  const unreadable = await unreadableFiles(editable, input.sourceFile);
  const singles = await templateStream(editable, input.readSource, {
    allowTestEdits: input.allowTestEdits,
    isTestFile: input.isTestCode,
    failures: input.failures,
  });
  const stats: SearchStats = {
    endedBecause: 'exhausted',
    rounds: { single: 0, model: 0, partial: 0, pair: 0, server: 0 },
    byKind: {},
    partialFixes: 0,
  };
  // The model samples for these suspects, and the server is asked about them.
  const sampled = sampledSuspects(input.suspects, input.allowTestEdits, input.isTestCode);
  // The model's likelihood orders every template source within a window; without a model, the streams' own order.
  const modelLane = input.loadModel ? new ModelLane(input.loadModel, hooks.signal) : undefined;
  const prior: Prior | null = modelLane?.prior ?? null;
  if (prior) stats.prior = priorStats();
  const model = modelLane?.samples({ ...input, suspects: sampled, stats }, () => frontier);
  // No candidate waits for scores: the model loads after the first ones are out.
  const ordered = (source: CandidateStream): CandidateStream => withPrior(source, prior, stats.prior, { firstWaitMs: PRIOR_LATER_WAIT_MS });
  // The probes and the server's requests stop when the lanes end (the probes run in a lane, which the lanes' end must not wait on).
  const lanesEnded = new AbortController();
  const untilLanesEnd = hooks.signal ? AbortSignal.any([hooks.signal, lanesEnded.signal]) : lanesEnded.signal;
  const server =
    input.modelServer &&
    new ServerSource(
      input.modelServer,
      {
        suspects: sampled,
        failures: input.failures,
        readSource: input.readSource,
        deadline: input.deadline,
        signal: untilLanesEnd,
      },
      (candidate) => frontier.addAnswer(candidate),
    );
  const served = server?.ask();
  const angelic = new AngelicSource({
    pool,
    suspects: editable,
    readSource: input.readSource,
    signal: untilLanesEnd,
    stats,
  });
  const frontier: Frontier = new Frontier(
    ordered(singles),
    () => ordered(singles.pairs()),
    modelLane && model && { done: model, want: modelLane.want },
    {
      source: angelic,
      after: ANGELIC_AFTER,
    },
    server && served && { done: served, skipped: (candidate) => server.skipped(candidate) },
  );
  const topScore = Math.max(0, ...editable.map((s) => s.score));

  const patches: ValidatedPatch[] = [];
  const silenced: string[] = [];
  const harmful: HarmfulCandidate[] = [];
  const rechecks = new RecheckQueue(pool, hooks.signal, (patch, outcome) =>
    hooks.onPatch?.(outcome.verdict === 'validated' ? { kind: 'confirmed', patch } : { kind: 'withdrawn', patch, reason: outcome.detail }),
  );
  const closest: Close[] = [];
  /** The partial fix each candidate of a round on one was made on top of. */
  const partialBases = new WeakMap<Candidate, Candidate>();
  const roundOn = (base: Candidate, round: CandidateStream): CandidateStream => ({
    next: async () => {
      const candidate = await round.next();
      if (candidate) partialBases.set(candidate, base);
      return candidate;
    },
  });

  const onOutcome = async (outcome: ValidationOutcome, round: Round, rank: number): Promise<boolean> => {
    modelLane?.wantAfter(MODEL_AFTER_MS); // the first candidates are out
    const { candidate } = outcome;
    if (round === 'server') server?.heard(outcome);
    stats.rounds[round]++;
    const kind = (stats.byKind[candidate.editKind] ??= { validated: 0, fixed: 0 });
    kind.validated++;
    let shown = false;
    if (outcome.verdict === 'harmful') {
      harmful.push(harmfulCandidate(outcome));
    } else if (outcome.verdict === 'validated') {
      const made = await shownPatch(outcome, input.sourceFile);
      if ('silencing' in made) {
        silenced.push(`${candidate.summary} (${made.silencing})`);
      } else {
        const patch = { ...made, searchRank: rank };
        kind.fixed++;
        patches.push(patch);
        rechecks.add(patch, outcome, (await input.sourceFile(patch.file)).text);
        hooks.onPatch?.({ kind: 'validated', patch });
        modelLane?.want();
        shown = true;
        const base = partialBases.get(candidate);
        const original = base && (await input.readSource(candidate.file));
        const alone = base && original && (await ownEditOf(candidate, base, original));
        if (alone) frontier.addAlone(alone);
      }
    } else if (isPartialFix(outcome, input.failures) && stats.partialFixes < MAX_PARTIAL_ROUNDS) {
      const original = await input.readSource(candidate.file);
      if (original !== null) {
        stats.partialFixes++;
        const weight = topScore > 0 ? candidate.score / topScore : 1;
        frontier.addPartial(roundOn(candidate, ordered(await templateStreamOn(candidate, original, weight, input.failures))));
      }
    }
    if (outcome.validation.failingFixed > 0 && outcome.verdict !== 'validated' && outcome.verdict !== 'harmful')
      keepClosest(closest, { outcome, broke: brokenTests(outcome) });
    hooks.onProgress?.({
      stage: 'validating',
      message: `${Object.values(stats.rounds).reduce((sum, n) => sum + n, 0)} candidates run, ${patches.length} validated`,
      done: frontier.count,
    });
    return shown;
  };

  const lanes = await runLanes({
    pool,
    frontier,
    lanes: input.lanes,
    deadline: input.deadline,
    maxCandidates: input.maxCandidates,
    onOutcome,
    enoughPatches: ENOUGH_PATCHES,
    alternatives: ALTERNATIVES_WINDOW,
    ...(hooks.signal ? { signal: hooks.signal } : {}),
    onEnd: () => lanesEnded.abort(),
  });
  await modelLane?.stop();
  if (served) stats.server = await served;
  stats.endedBecause = lanes.endedBecause;
  return {
    patches,
    rechecks,
    silenced,
    harmful,
    hints: closest.map(hintOf),
    stats,
    candidatesTaken: frontier.count,
    validated: lanes.validated,
    firstCandidateAt: lanes.firstCandidateAt,
    timeToFirstFixAt: lanes.firstPatchAt,
    unreadable,
    ...((await model) ?? {}),
  };
}

/** The patch to show for a validated candidate, or why it silences the tests instead of fixing the code. */
async function shownPatch(
  { candidate, validation }: ValidationOutcome,
  sourceFile: (file: string) => Promise<SourceFile>,
): Promise<ValidatedPatch | { silencing: string }> {
  const base = await sourceFile(candidate.file);
  // Candidates are made from the file's text only, so its record has one.
  if (base.text === null) throw new Error(`no text for ${candidate.file}, yet a candidate edits it`);
  const before = base.text
    .split('\n')
    .slice(candidate.startLine - 1, candidate.endLine)
    .join('\n');
  const silencing = await silencingOf(before, candidate.newFunctionText);
  if (silencing) return { silencing };
  const encoding = base.encoding === 'utf-8' ? {} : { encoding: base.encoding };
  const shape = await shapeObjections(before, candidate.newFunctionText);
  return { ...candidate, validation, baseSha256: base.sha256, ...encoding, ...(shape.length > 0 ? { shape } : {}) };
}

/** One line per suspect file that gives no candidates because its text could not be read. */
async function unreadableFiles(suspects: Suspect[], sourceFile: (file: string) => Promise<SourceFile>): Promise<string[]> {
  const warnings: string[] = [];
  for (const file of new Set(suspects.map((suspect) => suspect.file))) {
    const source = await sourceFile(file);
    if (source.text === null) warnings.push(source.warning);
  }
  return warnings;
}

interface Close {
  outcome: ValidationOutcome;
  broke: string[];
}

/** Keeps the candidates that came closest: most failing tests fixed, then fewest broken, then the search's own order. */
function keepClosest(closest: Close[], next: Close): void {
  const better = (a: Close, b: Close): number =>
    b.outcome.validation.failingFixed - a.outcome.validation.failingFixed || a.broke.length - b.broke.length;
  closest.push(next);
  closest.sort(better);
  closest.splice(MAX_HINTS);
}

function hintOf({ outcome: { candidate, validation }, broke }: Close): Hint {
  return {
    file: candidate.file,
    function: candidate.function,
    summary: candidate.summary,
    diff: candidate.diff,
    startLine: candidate.startLine,
    newFileText: candidate.newFileText,
    failingFixed: validation.failingFixed,
    failingTotal: validation.failingTotal,
    broke,
  };
}
