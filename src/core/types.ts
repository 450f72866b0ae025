// Plain data passed between the engine's stages. Everything here is readonly-by-convention,
// JSON-serializable and free of VS Code, LSP or terminal concerns: the sidecar sends these
// objects over the wire and the CLI writes them to its JSON report as they are.
//
// Paths: `file` fields are POSIX paths relative to the workspace root when the file is inside
// the workspace, absolute otherwise. Lines are 1-based.
import type { EditKind } from './generate/templates/priors';

/** One frame of a Python traceback, innermost last (the order Python prints). */
export interface Frame {
  file: string;
  line: number;
  function: string;
  /** Bounded repr of each local variable, as `--showlocals` prints them. */
  locals?: Record<string, string>;
  /** The runtime type of each local in `locals`, as the plugin saw it; absent with `locals`. */
  localTypes?: Record<string, LocalType>;
  /** The text of the frame's line, stripped, as the plugin read it; absent where its file could not be read. */
  source?: string;
  /**
   * True when the file is the user's code: inside the workspace, outside the interpreter's
   * folders and site-packages, by real path. Decided by the Python side only
   * (src/python/deepdebug/workspace.py), for traceback text too (pytest/locate.ts).
   */
  inWorkspace: boolean;
}

/** A local's runtime type: what methods and attributes an edit may give it. */
export interface LocalType {
  /** The class's qualified name: "str", "dict", "NoneType", "Order". */
  type: string;
  /** Public attribute names of an instance of a class of its own (bounded); absent for builtins'. */
  attributes?: string[];
}

export type TestOutcome =
  | 'passed'
  | 'failed'
  | 'error' // setup/teardown error, or a collection error
  | 'skipped'
  | 'xfailed'
  | 'xpassed'
  | 'timeout' // our own per-test timeout fired
  | 'crashed'; // the interpreter died while running this test

/** The result of one test (or one collection error) in a pytest run. */
export interface TestResult {
  nodeid: string;
  outcome: TestOutcome;
  /** Where it went wrong: 'collect' for a module that failed to import or parse. */
  phase: 'collect' | 'setup' | 'call' | 'teardown';
  durationMs: number;
  /** Exception class name, e.g. "AssertionError", "SyntaxError". */
  exception?: string;
  /** The exception message (first lines), e.g. "assert 3 == 4". */
  message?: string;
  /** pytest's long traceback text with locals. */
  longrepr?: string;
  frames: Frame[];
  /** Lines executed during this test, per workspace file (when coverage was recorded). */
  coverage?: Record<string, number[]>;
}

/** What one run of the user's test suite produced. */
export interface PytestRun {
  kind: 'pytest-run';
  workspace: string;
  python: string;
  /** The node ids / paths / -k expression that selected the tests. */
  selection: string[];
  tests: TestResult[];
  /** pytest's exit status (0 all passed, 1 some failed, 2 interrupted, 3 internal, 4 usage, 5 none collected). */
  exitCode: number;
  durationMs: number;
  coverageRecorded: boolean;
  /** The environment variables the user's code read (not pytest's or ours), by name. */
  environRead: string[];
  /** Where the interpreter finds `pip install --user` packages in the user's environment (site.getuserbase()); null where unknown. */
  userBase: string | null;
}

/** A failing test (or collection error) the engine tries to repair. */
export interface Failure {
  nodeid: string;
  kind: 'test' | 'collection' | 'timeout' | 'crash';
  exception: string;
  message: string;
  longrepr: string;
  frames: Frame[];
}

/** A function (or module top level) suspected of holding the bug, best first. */
export interface Suspect {
  file: string;
  /** Qualified name: "func", "Class.method", "outer.<locals>.inner"; "<module>" for top level. */
  function: string;
  startLine: number;
  endLine: number;
  /** Higher is more suspicious. Comparable within one ranking only. */
  score: number;
  /** The raw evidence in short, e.g. "frame 1 of 3", "DStar 4.0", "Ochiai 0.71" (see evidence for words). */
  reasons: string[];
  /** What points at it, as data (evidence.ts words it); absent where no run was localized. */
  evidence?: SuspectEvidence;
  /** Lines within the function ranked by suspiciousness, best first. */
  lines: { line: number; score: number }[];
}

/** The model's input for one suspect (the paper's code skeleton). */
/** Why a function is suspected: where failing tests' traces pass through it, and what its best line's coverage says. */
export interface SuspectEvidence {
  /** Its frames in the failing tests' traces, innermost first (frames of one function in a row counted once). */
  frames: SuspectFrame[];
  /** Its most suspicious line by coverage: how many of the failing and of the passing tests ran it. */
  spectrum?: { line: number; failing: number; failingTotal: number; passing: number; passingTotal: number };
}

export interface SuspectFrame {
  /** The failing test whose trace it is. */
  nodeid: string;
  line: number;
  /** 1 for the innermost workspace frame of that trace, of `of`. */
  position: number;
  of: number;
  /** The frame raised on purpose (an assert or raise), or called the function that did. */
  note?: 'raised explicitly' | 'called the function that raised';
}

export interface ModelInput {
  kind: 'model-input';
  file: string;
  function: string;
  /** Skeleton text with the focal function between `# target edit` and `# end`. */
  skeleton: string;
  /** Error message and trace appended for the model; empty when none. */
  trace: string;
  /** Size of skeleton + trace in tokens (tokenizer when loaded, else the estimate). */
  tokens: number;
  tokenBudget: number;
}

/**
 * Where a candidate came from: an edit family over the syntax tree (`template`), a condition or
 * value synthesized from what the failing tests asked of the code (`synth`), a probe that only
 * asks (`probe`, run, never shown), or the patch model (`model`).
 */
export type CandidateSource = 'template' | 'synth' | 'probe' | 'model' | 'server';

/**
 * What made a candidate: a template edit kind (src/core/generate/edit-kinds.json), a condition
 * or value synthesized from probes (synth/), a probe itself (run, never shown), or a model
 * sample; kinds joined by `+` for an edit made on top of a partial fix, or a pair.
 */
export type OneKind =
  | EditKind
  | 'synth-condition'
  | 'synth-guard'
  | 'synth-continue'
  | 'synth-break'
  | 'synth-return'
  | 'synth-value'
  | 'angelic-probe'
  | 'model-sample'
  | 'server-answer';
export type CandidateKind = OneKind | `${OneKind}+${string}`;

/** A proposed new text for one function, not yet validated. */
export interface Candidate {
  kind: 'candidate';
  file: string;
  function: string;
  /** Lines of the original function this candidate replaces (inclusive). */
  startLine: number;
  endLine: number;
  /** The replacement text for lines startLine..endLine. */
  newFunctionText: string;
  /** The whole patched file. */
  newFileText: string;
  /** Unified diff, `patch -p1` applicable from the workspace root. */
  diff: string;
  source: CandidateSource;
  /** e.g. "compare-op", "negation+compare-op", "model-sample". */
  editKind: CandidateKind;
  /** One line for humans, e.g. "change `<` to `<=` on line 12". */
  summary: string;
  /** Prior for ordering: suspiciousness x edit-kind prior, or model likelihood. Higher first. */
  score: number;
  /**
   * Template candidates: the part of score that is the kind of edit (its prior x plausibility;
   * for two edits both, with the discount of edits on different lines); the rest of score is
   * how suspicious the edited lines are. Model samples have none.
   */
  familyPrior?: number;
  /** Mean log-probability per token under the model, when scored. */
  modelLogProb?: number;
  /** Server answers: the model and server that wrote it, "qwen2.5-coder:7b via Ollama". */
  from?: string;
}

export interface Validation {
  failingFixed: number;
  failingTotal: number;
  suitePassed: number;
  suiteTotal: number;
}

/** A candidate that made every failing test pass and broke no passing test. */
/** The source encodings DeepDebug edits, by the name Python gives them (PEP 263 declarations). */
export type SourceEncoding = 'utf-8' | 'latin-1' | 'ascii';

/** A fix (evidence beyond the failing tests, nothing against it) or an unconfirmed patch (it passes the tests; nothing else confirms it): review/assurance.ts. */
export type Assurance = 'fix' | 'unconfirmed';

export interface ValidatedPatch extends Candidate {
  validation: Validation;
  /** sha256 (hex) of the file's bytes the patch was made from: applying is refused if the file changed. */
  baseSha256: string;
  /**
   * The file's encoding when it is not UTF-8 ("latin-1", "ascii": its PEP 263 declaration):
   * newFileText is written back in it. Absent for UTF-8 files.
   */
  encoding?: SourceEncoding;
  /** Shapes a reviewer would object to (a parameter left unused, a test's value special-cased): ranked after patches without. */
  shape?: ShapeObjection[];
  /** Why the patch stands where it does in the ranking, for people. */
  rankedBecause?: string;
  /** A fix or unconfirmed, once ranked (absent on a patch shown early, before its evidence). */
  assurance?: Assurance;
  /** Why it is a fix, in the tests' own terms (from its clean re-check); see explain.ts. */
  explanation?: FixExplanation;
  /** Its place in the order the search took candidates to validate (1: the first). */
  searchRank?: number;
  /** What the passing tests' recorded calls and the new inputs say of it (src/core/behaviour/); absent where its replay did not finish. */
  behaviour?: PatchBehaviour;
  /**
   * The evidence in one line, on every shown patch: "kept the behaviour of 12 recorded calls;
   * agrees with the other 2 validated patches on 9 new inputs", or "unsure: ..." with why.
   */
  confidence?: string;
}

/**
 * A validated patch replayed on the calls that the passing tests made to the suspect functions
 * (recorded on the unpatched code) and on new inputs derived from their arguments.
 */
export interface PatchBehaviour {
  /** Recorded calls that run the patched code and end as they did before the patch. */
  kept: number;
  /** Recorded calls that end otherwise under the patch: the passing tests that made them do not check their result. */
  changed: BehaviourChange[];
  /** New inputs every patch was run on. */
  newInputs: number;
  /** Of those, the inputs on which it gives what every other validated patch gives. */
  agreesOn: number;
  /** The other validated patches it was compared with. */
  others: number;
  /** Of the new inputs, those it answers as the code did before the patch. */
  asBefore: number;
  /** New inputs on which it raises (or hangs) where the code before returned and another validated patch returns the same. */
  crashes: BehaviourChange[];
  /** Patches with the same group answered every replayed input alike (the group's first patch's place among those replayed). */
  group: number;
  /**
   * A validated patch with fewer edits whose changes this one repeats: answering some inputs
   * otherwise (the edits beyond its own cancel on the tests' inputs) or none (nothing shows
   * they are needed).
   */
  simpler?: SimplerPatch;
  /** Where the validated patches disagree: its answer's place in `FixReport.disagreement.answers`. */
  answer?: number;
}

export interface SimplerPatch {
  /** Its summary ("line 5: `i` → `i + 1`") and how many edits it makes. */
  summary: string;
  edits: number;
  /** Inputs (recorded or new) on which either answers otherwise than the code did before, and the two answer alike. */
  alike: number;
  /** Inputs on which the two answer differently: `before` is the simpler patch's answer, `after` this one's. */
  differs: BehaviourChange[];
}

/** The shape rules of review/patch-shape/, each owning its objection's words; all but the last read one patch alone. */
export type ShapeRule =
  | 'unused-input'
  | 'special-case'
  | 'loop-variable-after-loop'
  | 'detached-recursion'
  | 'cancelling-edits'
  | 'cost-growth'
  | 'non-truth-return'
  /** A condition's term that another shown patch passes the tests without (patch-shape/needless-term.ts). */
  | 'needless-term';

export interface ShapeObjection {
  rule: ShapeRule;
  /** "leaves `n` unused" */
  text: string;
}

/**
 * What a reviewer would hold against a validated patch: any one makes it unconfirmed and ranks
 * it after those with fewer (review/objections.ts gathers them; each kind's words are its owner's).
 */
export type Objection =
  | ({ kind: 'shape' } & ShapeObjection)
  /** Recorded calls of the passing tests that end otherwise under the patch. */
  | { kind: 'changed-calls'; changes: BehaviourChange[] }
  /** New inputs on which it raises where the code returned, as another validated patch does. */
  | { kind: 'new-crash'; crashes: BehaviourChange[] }
  /** A validated patch of fewer edits that it repeats. */
  | { kind: 'repeats-simpler'; simpler: SimplerPatch };

export interface BehaviourChange {
  /** "add(3, 4)" */
  call: string;
  /** How it ended before the patch and under it: "7", "raises ValueError: negative". */
  before: string;
  after: string;
}

/** The smallest new input on which the validated patches disagree, and each answer. */
export interface Disagreement {
  file: string;
  function: string;
  /** The input as a call: "median([1, 2])". */
  call: string;
  /** What the code gives on it before any patch. */
  before: string;
  /** One per group of patches that answer alike, the largest group first. */
  answers: DisagreementAnswer[];
  /** Where `deepdebug add-test` adds the chosen answer's test (workspace-relative); absent when no answer has a test. */
  testFile?: string;
  /** The answer the user chose (`deepdebug add-test`), by its place in `answers`. */
  chosen?: number;
}

export interface DisagreementAnswer {
  /** "1.5", "raises ZeroDivisionError: division by zero". */
  result: string;
  /** The shown patches that give it, by their place in `FixReport.patches` (1: the first). */
  patches: number[];
  /** A pytest test function that pins this answer, where the input and the answer are Python literals. */
  test?: string;
}

/** An originally failing test that a patch fixes. */
export interface FixedTest {
  nodeid: string;
  /** How it failed before the patch: the failure's kind and its error line ("AssertionError: assert 3 == 4"). */
  before: { kind: Failure['kind']; error: string };
  /** Its outcome under the patch. */
  after: 'passed' | 'xpassed';
}

export interface FixExplanation {
  /** The originally failing tests, each with how it failed before and its outcome under the patch. */
  fixed: FixedTest[];
  /**
   * The tests that passed before the patch: how many there were in the run, how many of them
   * ran under the patch in its clean re-check (all of them where the run's tests are quick, else
   * those that run the patched code), and how many of those pass.
   */
  others: { passedBefore: number; ran: number; passed: number };
}

export interface FixStats {
  candidatesGenerated: number;
  candidatesValidated: number;
  elapsedMs: number;
  timeToFirstFixMs: number | null;
  /**
   * Validated patches run once more before they are shown, each in a fresh copy of the
   * workspace, home and temp folder with a new pytest session: how many passed, how many failed
   * (dropped), the time those runs took, the part of it the run waited for after the search, and
   * the patches never re-checked because they make a smaller one's edits and more (withoutSupersets
   * would drop them anyway).
   */
  cleanRecheck?: { passed: number; failed: number; durationMs: number; waitedMs: number; skipped: number };
  /** How the search spent its budget; absent when no candidate was searched for. */
  search?: SearchStats;
  /** Candidates rejected for what their tests did outside the project (in the search and the clean re-check). */
  harmful?: number;
  /** What recording and replaying the suspects' calls found and cost; absent when no patch validated. */
  behaviour?: BehaviourStats;
  /** Where the time went: the stages that ran, by start (src/core/timeline.ts). */
  timeline?: TimelineEntry[];
}

/**
 * A stage of a fix run (FixStats.timeline): `first-run` and `neighbours-run` (pytest, with
 * coverage), `localize`, `pool-start` (the validator's copy and its workers' pytest sessions,
 * collected and warm), `model-load` (absent without a model), `model-inputs` (the sampled
 * suspects' skeletons, encoded), `reproduce`, `recording` (the passing tests' calls, beside the
 * search), `search`, `first-candidate` and `first-fix` (points), `recheck-wait` (the clean
 * re-checks still running after the search), `likelihood` (the model's score of the shown
 * patches), `replay` (the recorded calls on the patches), `ranking`.
 */
export type TimelineStep =
  | 'first-run'
  | 'neighbours-run'
  | 'localize'
  | 'pool-start'
  | 'model-load'
  | 'model-inputs'
  | 'reproduce'
  | 'recording'
  | 'search'
  | 'first-candidate'
  | 'first-fix'
  | 'recheck-wait'
  | 'likelihood'
  | 'replay'
  | 'ranking';

/** A step's start and end in ms since the run's start; a point has both equal. */
export interface TimelineEntry {
  step: TimelineStep;
  startMs: number;
  endMs: number;
}

export interface BehaviourStats {
  /** Suspect functions recorded, and the passing tests that ran for it. */
  functions: number;
  tests: number;
  /** Distinct calls recorded, and those replayed on the patches (the unpatched code's replay ended as the test's call did, twice alike). */
  recordedCalls: number;
  replayedCalls: number;
  /** New inputs derived, and those replayed (the unpatched code gives the same twice). */
  newInputs: number;
  replayedInputs: number;
  /** Calls not kept: arguments that do not pickle or are too large, results without a comparable form, past the limit per function. */
  skipped: number;
  /** Wall time of the recording child, of waiting for it after the search, and of the replays. */
  recordMs: number;
  waitedMs: number;
  replayMs: number;
  /** Why something was not recorded or replayed, one line each. */
  notes: string[];
}

/** Why the search stopped. */
export type SearchEnd =
  | 'budget' // the time budget was spent
  | 'enough-patches' // enough patches validated for the user to choose from
  | 'alternatives-window' // a fix was found, then alternatives were looked for a while
  | 'exhausted' // every candidate the search could make was validated
  | 'max-candidates' // the --max-candidates limit
  | 'canceled';

export interface SearchStats {
  endedBecause: SearchEnd;
  /** Candidates validated per round: single edits, model samples, edits on a partial fix, two-edit pairs. */
  rounds: { single: number; model: number; partial: number; pair: number; server: number };
  /** Per edit kind (single edits and model samples): candidates validated, and how many validated as fixes. */
  byKind: Record<string, { validated: number; fixed: number }>;
  /** Partial fixes the search built further rounds on. */
  partialFixes: number;
  /** The model prior's part in the order (absent without a model). */
  prior?: PriorStats;
  /** Model samples drawn (absent without a model; 0 when the time left was too short to sample). */
  sampled?: number;
  /** Angelic probe runs of suspect conditions and values, and the conditions synthesized from them (absent: the search never got to them; src/core/search/angelic.ts). */
  angelicRuns?: number;
  synthesized?: number;
  /**
   * Guards and early exits synthesized at suspect statements (absent: the search never got to
   * them): from a schedule of the statement's probe that made the failing tests pass, and from
   * the passing tests' path alone (no schedule did; tried last).
   */
  synthesizedStatements?: { byProbe: number; byPassingTests: number };
  /** Variants of suspect values that the value probes left standing (absent: the search never got to them). */
  synthesizedValues?: number;
  /** Value sites whose watching probe found a variant giving a value a failing assertion expected: probed for candidates first. */
  valueSitesExpected?: number;
  /** The user's model server (absent: none configured). */
  server?: ServerStats;
}

/** What the model prior did in a search (src/core/search/prior.ts). */
export interface PriorStats {
  /** Candidates the model scored, and those it cannot score (an edit it cannot write, an input over its length). */
  scored: number;
  unscoreable: number;
  /** Candidates handed out before their scores came (in the stream's own order). */
  handedUnscored: number;
  /** Candidates handed out ahead of one that came earlier in the stream. */
  reordered: number;
  /** How long the first candidate of the single edits waited (the window's making and scoring), and all together. */
  firstWaitMs: number | null;
  waitedMs: number;
  /** Wall time of the model's scoring calls, beside validation (on the model's thread, a call may wait behind the sampler's). */
  scoringMs: number;
}

/**
 * A candidate that did not validate but came closest: it fixed some failing tests (and broke
 * the tests named in `broke`, if any). Shown only when nothing validated, marked as unvalidated.
 */
export interface Hint {
  file: string;
  function: string;
  summary: string;
  diff: string;
  /** The first line it edits, and the whole file as it would leave it (for a diff editor). */
  startLine: number;
  newFileText: string;
  failingFixed: number;
  failingTotal: number;
  /** Previously passing tests it broke (the validator stops at the first). */
  broke: string[];
}

/**
 * The tests a patch had to pass when the user selected some: the selected ones, and the other
 * tests of their files that passed before, so that a patch cannot fix the selection by
 * breaking its neighbours.
 */
export interface TestScope {
  /** Tests the selection ran. */
  selected: number;
  /** The files of the selected tests, run whole. */
  files: string[];
  /** Tests of those files outside the selection that passed and so must keep passing. */
  neighbours: number;
}

/** What a run's tests were: the user's selection (node ids, paths, `-k` and its expression; empty: the whole suite) and how many tests it ran. */
export interface RunScope {
  selection: string[];
  testsRun: number;
}

/** What a candidate's tests did outside the project to a file or folder that was there before they ran. */
export interface OutsideEffect {
  /** "~/precious" under the home, else absolute. */
  path: string;
  kind: 'deleted' | 'truncated' | 'rewritten';
}

/** A candidate rejected for what its tests did outside the project (src/core/validate/effects.ts): never shown. */
export interface HarmfulCandidate {
  file: string;
  function: string;
  summary: string;
  diff: string;
  /** What it did that the unpatched code's tests did not. */
  effects: OutsideEffect[];
}

/** The JSON report of `deepdebug fix` (the design's CLI contract). */
export interface FixReport {
  version: 1;
  workspace: string;
  failures: Failure[];
  /** Tests that failed once and passed on a re-run of the unpatched code: not repaired. */
  flaky: string[];
  suspects: Suspect[];
  patches: ValidatedPatch[];
  /** Which model produced candidates, or why none did. */
  model: { name: string | null; device: string | null; note?: string };
  /** How candidates were contained while their tests ran; absent when none ran. */
  containment?: Containment;
  /** What limited the run without stopping it, one line each (a suspect's file that does not decode in its encoding, ...). */
  warnings?: string[];
  /** Present when the user selected tests: the wider set patches were validated against. */
  testScope?: TestScope;
  /** What the run's tests were (absent in reports of older versions). */
  ran?: RunScope;
  /** When no patch validated: the candidates that came closest, best first (not fixes). */
  hints?: Hint[];
  /** How faithful the validator's world was to the user's run; absent when no candidate ran. */
  world?: WorldFidelity;
  /** Where the shown patches disagree on a new input: the question the user can answer with a test. */
  disagreement?: Disagreement;
  /** Candidates whose tests deleted, truncated or rewrote files outside the project (the first few): never shown. */
  harmful?: HarmfulCandidate[];
  stats: FixStats;
}

/**
 * The validator's world against the user's run (src/core/validate/reproduce.ts): the unpatched
 * code ran there first, and these are what it showed.
 */
export interface WorldFidelity {
  /** Tests that behave otherwise in the world: required of no patch. */
  differs: WorldDifference[];
  /** Failing tests that fail only after other tests of the run, with those tests. */
  orderDependent: OrderDependence[];
  /** Variables the user's run read that candidates get too, and those withheld as secrets (names only). */
  environment: { passed: string[]; withheld: string[] };
  /** The home folder candidates see: a read-only view of the user's (sandbox), or an empty private one. */
  home: 'read-only-view' | 'private-empty';
  /** Time the reproduce runs took before the search started. */
  reproduceMs: number;
}

export interface WorldDifference {
  nodeid: string;
  /** "fails with AssertionError at test_cache.py:7", "passes". */
  yourRun: string;
  validator: string;
}

export interface OrderDependence {
  nodeid: string;
  /** The tests of the run that make it fail when they run before it, in the run's order. */
  after: string[];
}

/** Limits on one candidate (the patch and all its tests). */
export interface CandidateLimits {
  wallMs: number;
  /**
   * The wall limit once a candidate has timed out (or from the start, when a test already
   * timed out in the first run): a bug that loops makes many candidates loop, and each must
   * not cost the full limit. Set from the tests' own durations; never above wallMs.
   */
  wallAfterTimeoutMs: number;
  /** CPU seconds of each process the candidate runs. */
  cpuSeconds: number;
  /** Address space a candidate may add to its worker's. */
  memoryMb: number;
  /** Largest file a candidate may write. */
  fileSizeMb: number;
  /** Processes and threads a candidate may add; null: not limited. */
  processes: number | null;
  /**
   * How the process count is limited: a pids cgroup, RLIMIT_NPROC (not for root), the session's
   * Job Object (Windows, in place: src/python/deepdebug/jobs.py), or not at all.
   */
  processLimitBy: 'pids-cgroup' | 'rlimit-nproc' | 'job-object' | null;
}

/**
 * How the validator runs a candidate. 'fork': a child forked from a worker's warm pytest
 * session per candidate (Linux, macOS). 'spawn': in the worker's own process, put back after
 * each candidate (no fork needed: Windows; src/python/deepdebug/inplace.py).
 */
export type ValidatorKind = 'fork' | 'spawn';

/**
 * Where candidates run. 'bubblewrap': the filesystem read-only except the validator's shadow
 * copy and private temp folder, no network, own PID namespace. 'none': shadow copy, minimal
 * environment and limits only (a candidate can write anywhere the user can and use the network).
 */
export interface Containment {
  sandbox: 'bubblewrap' | 'none';
  /** How candidates run (absent in reports of older versions): see ValidatorKind. */
  validator?: ValidatorKind;
  /** Why there is no sandbox: "bubblewrap not found", "not Linux", "disabled", ... */
  reason?: string;
  limits: CandidateLimits;
  /** One line for people, e.g. "no sandbox (bubblewrap not found): candidates run with resource limits only". */
  summary: string;
  /** Symbolic links in the workspace that lead out of it, and what the candidates' copies hold instead (absent in reports of older versions). */
  outsideLinks?: OutsideLink[];
}

/** A symbolic link in the workspace whose target lies outside it (see src/core/validate/outside-links.ts). */
export type OutsideLink = {
  /** Workspace-relative POSIX path of the link. */
  link: string;
  /** Absolute real path of its target. */
  target: string;
} & (
  | { /** Still a link: the sandbox keeps its target read-only. */ handled: 'kept' }
  | { /** A copy of the target (no sandbox): writes land in the copy. */ handled: 'copied' }
  | { /** Absent from the candidates' copies (no sandbox), and why. */ handled: 'left-out'; why: string }
);

/** The JSON report of `deepdebug analyze`. */
export interface AnalyzeReport {
  version: 1;
  workspace: string;
  failures: Failure[];
  suspects: Suspect[];
  /** Skeleton of the top suspect, when there is one. */
  skeleton: ModelInput | null;
  /** What the run's tests were (absent in reports of older versions). */
  ran?: RunScope;
  stats: { elapsedMs: number; testsRun: number; coverageRecorded: boolean };
}

/** Progress events the engine emits; the CLI prints them, the sidecar forwards them. */
export type Stage = 'running-tests' | 'localizing' | 'generating' | 'validating' | 'done';
export interface ProgressEvent {
  stage: Stage;
  message: string;
  /** For 'validating': candidates done / total known so far. */
  done?: number;
  total?: number;
}

/** What the engine is asked to do; shared by the CLI, the sidecar and the benchmarks. */
/** The user's model server: Ollama, llama.cpp's server, LM Studio, vLLM (src/core/server/). */
export interface ModelServerSettings {
  /** "http://localhost:11434"; a URL off this machine is refused unless `allowRemote`. */
  url: string;
  /** 'auto': Ollama where the server lists its models at /api/tags, else the OpenAI-compatible API. */
  api: 'openai' | 'ollama' | 'auto';
  /** The model to ask; absent: the first code model the server lists, else its first. */
  model?: string;
  /** Answers asked per suspect (the first at temperature 0). */
  samples: number;
  /** Each request's limit. */
  timeoutMs: number;
  /** Sent as a bearer token; read from the environment variable the user named, never stored. */
  apiKey?: string;
  /** The user's code goes to the server: off this machine only when they said so. */
  allowRemote: boolean;
}

/** What the model server did in a search (absent without one). */
export interface ServerStats {
  url: string;
  /** The API and model it was asked through, once connected. */
  api?: 'openai' | 'ollama';
  model?: string;
  /** Why it was not asked at all: "not reachable (connection refused)", "lists no model". */
  unreachable?: string;
  requests: number;
  /** Of those, the feedback rounds: an answer that ran and changed something, sent back with what the tests said. */
  feedbackRequests: number;
  /** Answers that gave a function, and the candidates made of them (new to the search, parseable). */
  answers: number;
  candidates: number;
  /** Requests and answers that gave nothing, by why: "timeout", "HTTP 429", "no code block", "another function"... */
  failures: Record<string, number>;
  /** Wall time from the first request to the last answer. */
  ms: number;
}

export interface EngineOptions {
  workspace: string;
  /** pytest selection: node ids, files, or "-k", "<expr>" pairs. Empty: the whole suite. */
  tests: string[];
  /** Python interpreter; default: the platform's (pytest/interpreter.ts: `py -3`'s on Windows, else python3). */
  python?: string;
  /** Whole-run budget (tests, localization, generation, validation). Default 60 000. */
  timeBudgetMs?: number;
  maxCandidates?: number;
  /** Model folder; null disables the model; undefined uses the shipped one. */
  modelDir?: string | null;
  device?: 'auto' | 'cpu' | 'cuda';
  /** Allow patches to test files (off by default). */
  allowTestEdits?: boolean;
  /** The user's own model server, asked for whole fixed functions beside the search (src/core/server/); absent: none. */
  modelServer?: ModelServerSettings;
  /** Run candidates in the bubblewrap sandbox where it works (default); false for tests that need the network. */
  sandbox?: boolean;
  /** How candidates run; default: the platform's (validate/options.ts). */
  validator?: ValidatorKind;
}

/** A run's options once its interpreter is chosen (the one named, else the platform's default: pytest/interpreter.ts). */
export type RunOptions = EngineOptions & { python: string };

/**
 * A validated patch as the search finds it, before the run ends, so that it can be shown at
 * once; its clean re-check then confirms or withdraws it. Patches skipped as a passing patch's
 * supersets get neither; the report's ranked patches are what the run shows in the end.
 */
export type PatchEvent =
  | { kind: 'validated'; patch: ValidatedPatch }
  | { kind: 'confirmed'; patch: ValidatedPatch }
  | { kind: 'withdrawn'; patch: ValidatedPatch; reason: string };

export interface EngineHooks {
  onProgress?: (event: ProgressEvent) => void;
  onPatch?: (event: PatchEvent) => void;
  signal?: AbortSignal;
}
