import { z } from 'zod';

// Every message between the engine and its Python side (src/python/deepdebug/wire.py holds the
// same types as TypedDicts): the pytest plugin's report, the validation worker's protocol, and
// the answer of `python -m deepdebug.locate` (which of traceback text's files are the user's).
// What comes from Python is checked here at run time, version first; a message that does not
// match is a WireError, never a value taken on trust. test/integration/wire-contract.test.ts
// runs both Python emitters and compares the two definitions.

export const PLUGIN_REPORT_VERSION = 1;
export const WORKER_PROTOCOL_VERSION = 4;
export const LOCATE_VERSION = 1;

/** A message that does not match this build's wire: another version, or a malformed message. */
export class WireError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WireError';
  }
}

const int = z.number().int();
const nodeids = z.array(z.string());

// ---------------------------------------------------------------------------------------------
// The plugin's report (JSON lines in the report file; see src/core/pytest/plugin-report.ts)

const localType = z.strictObject({
  /** The class's qualified name: "str", "NoneType", "Order". */
  type: z.string(),
  /** Public attribute names of an instance of a class of its own (at most 20); absent for builtins'. */
  attributes: z.array(z.string()).optional(),
});

const frame = z.strictObject({
  /** Workspace-relative POSIX path when inWorkspace, else absolute. */
  file: z.string(),
  line: int,
  function: z.string(),
  inWorkspace: z.boolean(),
  /** Bounded reprs of the frame's locals; absent for module frames. */
  locals: z.record(z.string(), z.string()).optional(),
  /** The runtime type of each local in `locals`; absent with it. */
  localTypes: z.record(z.string(), localType).optional(),
  /** The text of the frame's line, stripped; absent where its file cannot be read. */
  source: z.string().optional(),
});

const reportOutcome = z.enum(['passed', 'failed', 'error', 'skipped', 'xfailed', 'xpassed', 'timeout']);

const testResult = z.strictObject({
  nodeid: z.string(),
  outcome: reportOutcome,
  phase: z.enum(['collect', 'setup', 'call', 'teardown']),
  durationMs: z.number(),
  frames: z.array(frame),
  exception: z.string().optional(),
  message: z.string().optional(),
  longrepr: z.string().optional(),
  /** Lines run during the test, per workspace-relative file. */
  coverage: z.record(z.string(), z.array(int)).optional(),
});

const startEvent = z.strictObject({
  event: z.literal('start'),
  version: int,
  python: z.string(),
  pytest: z.string(),
  userBase: z.string().nullable(),
});
const collectedEvent = z.strictObject({ event: z.literal('collected'), count: int });
const testStartEvent = z.strictObject({ event: z.literal('test-start'), nodeid: z.string() });
const resultEvent = z.strictObject({ event: z.literal('result'), result: testResult });
const finishEvent = z.strictObject({
  event: z.literal('finish'),
  exitstatus: int,
  /** The environment variables the user's code read during the run (pytest's and ours not counted). */
  environ: z.array(z.string()).optional(),
});
const pluginEvent = z.discriminatedUnion('event', [startEvent, collectedEvent, testStartEvent, resultEvent, finishEvent]);

export type PluginEvent = z.infer<typeof pluginEvent>;

// ---------------------------------------------------------------------------------------------
// The worker's protocol: requests (down one pipe)

/** The per-candidate limits the worker's forked child sets on itself. */
const childLimits = z.strictObject({
  timeoutMs: z.number(),
  memoryMb: z.number(),
  cpuSeconds: z.number(),
  fileSizeMb: z.number(),
  /** RLIMIT_NPROC allowance; null where a pids cgroup limits processes (or nothing can). */
  nproc: int.nullable(),
});

const checkRequest = childLimits.extend({ op: z.literal('check'), id: int, tests: nodeids });

/** A patch as the worker applies it. */
const patchFields = z.strictObject({
  /** Workspace-relative POSIX path of the patched file. */
  file: z.string(),
  /** The whole patched file. */
  source: z.string(),
  function: z.string(),
  startLine: int,
  endLine: int,
});

const validateRequest = childLimits.extend({
  op: z.literal('validate'),
  id: int,
  ...patchFields.shape,
  failing: nodeids,
  passing: nodeids,
  /** Passing tests that cover the patched function; used only when the patch is a body swap. */
  covering: nodeids.nullable(),
  /** Run the passing tests even when no failing test passed: a probe that only watches needs what they see. */
  everyTest: z.boolean().optional(),
});

/** A suspect function whose calls are recorded and replayed (src/core/behaviour/). */
const callTarget = z.strictObject({
  /** Workspace-relative POSIX path. */
  file: z.string(),
  /** Qualified name. */
  function: z.string(),
  startLine: int,
});

/** Run `tests` on the unpatched code, recording the calls they make to `targets`. */
const recordRequest = childLimits.extend({
  op: z.literal('record'),
  id: int,
  tests: nodeids,
  targets: z.array(callTarget),
  /** Distinct calls kept per function. */
  maxCalls: int,
  /** A call's pickled arguments, at most. */
  maxArgBytes: int,
  /** New inputs derived per function. */
  maxDerived: int,
  /** The failing tests: their calls' arguments only seed the new inputs. */
  seedTests: nodeids,
});

const replayCall = z.strictObject({
  /** Index into the request's targets. */
  target: int,
  /** Base64 of the pickled (positional, keywords), as the recording gave it. */
  args: z.string(),
});

/** Apply `patch` (null: the unpatched code) and call each of `calls`. */
const replayRequest = childLimits.extend({
  op: z.literal('replay'),
  id: int,
  patch: patchFields.nullable(),
  targets: z.array(callTarget),
  calls: z.array(replayCall),
  callTimeoutMs: z.number(),
});

/** The node ids to serve: the first request, once the first run has said which, and again for each later run a kept session serves (answered by `ready`). */
const serveRequest = z.strictObject({ op: z.literal('serve'), tests: nodeids });
const cancelRequest = z.strictObject({ op: z.literal('cancel') });
const quitRequest = z.strictObject({ op: z.literal('quit') });

export type ChildLimits = z.infer<typeof childLimits>;
export type CheckRequest = z.infer<typeof checkRequest>;
export type ValidateRequest = z.infer<typeof validateRequest>;
export type PatchFields = z.infer<typeof patchFields>;
export type CallTarget = z.infer<typeof callTarget>;
export type RecordRequest = z.infer<typeof recordRequest>;
export type ReplayCall = z.infer<typeof replayCall>;
export type ReplayRequest = z.infer<typeof replayRequest>;
/** The requests that run a child (cancel and quit do not). */
export type RunRequest = CheckRequest | ValidateRequest | RecordRequest | ReplayRequest;
export type WorkerRequest = RunRequest | z.infer<typeof serveRequest> | z.infer<typeof cancelRequest> | z.infer<typeof quitRequest>;

// ---------------------------------------------------------------------------------------------
// The worker's protocol: replies (up another, so nothing a candidate prints can interleave)

/** The answer to `serve` (the worker's pytest session collected the tests on the original code before). */
const readyMessage = z.strictObject({
  op: z.literal('ready'),
  version: int,
  pid: int,
  collected: nodeids,
  /** Requested node ids the session did not collect. */
  missing: nodeids,
});

const wireOutcome = z.enum(['passed', 'failed', 'error', 'skipped', 'xfailed', 'xpassed']);

const wireTestResult = z.strictObject({
  nodeid: z.string(),
  outcome: wireOutcome,
  phase: z.enum(['setup', 'call', 'teardown']),
  message: z.string(),
  durationMs: z.number(),
  /** Run as a plain call of the test function, not through pytest's per-test protocol (the worker's direct_nodeids). */
  direct: z.boolean().optional(),
  /** A failed call: the exception's class name, and "file:line" of the innermost frame in the user's code. */
  exception: z.string().optional(),
  where: z.string().optional(),
});

/** How the child applied the patch: code swap, module re-exec, served to a later import. */
const patchMethod = z.enum(['swap', 'reexec', 'import', 'none']);

const callInput = z.strictObject({
  /** Base64 of the pickled (positional, keywords), as a ReplayCall carries it. */
  args: z.string(),
  /** The call for people, bounded: "median([1, 2])". */
  shown: z.string(),
  /** The arguments as Python source ("[1, 2]"), where each is a literal. */
  literal: z.string().optional(),
});

const recordedCall = callInput.extend({
  /** The call ended by an exception. */
  raised: z.boolean(),
  /** Of its result and its arguments after it; absent when it raised. */
  digest: z.string().optional(),
});

const recordedFunction = z.strictObject({
  file: z.string(),
  function: z.string(),
  /** Distinct calls, in the order the tests made them. */
  calls: z.array(recordedCall),
  /** New inputs: the recorded arguments, one changed a little. */
  derived: z.array(callInput),
  /** Calls not kept: arguments that do not pickle, too large, results without a comparable form, past maxCalls. */
  unpicklable: int,
  tooLarge: int,
  notComparable: int,
  beyondLimit: int,
  /** The live module's name, for a test that imports a module-level function. */
  module: z.string().optional(),
  /** Why none of its calls are recorded ("a generator function", "not found"). */
  note: z.string().optional(),
});

/** One per target, in the request's order. */
const recording = z.strictObject({ functions: z.array(recordedFunction) });

const callOutcome = z.strictObject({
  status: z.enum(['returned', 'raised', 'timeout', 'error']),
  /** Equal for equal outcomes ("" for an error: compared with nothing). */
  digest: z.string(),
  /** "7", "raises ValueError: negative". */
  shown: z.string(),
  /** The returned value as Python source, or a builtin exception's name. */
  literal: z.string().optional(),
  /** The patched function ran during the call (absent: unknown). */
  reached: z.boolean().optional(),
});

/** A simple value a probe records: a number, string, boolean, or null (None, or not simple). */
const probeValue = z.union([z.number(), z.string(), z.boolean(), z.null()]);

/** One evaluation of a probed condition or value in a candidate's child (src/python/deepdebug/probe.py). */
const probeEvaluation = z.strictObject({
  /** Which probed condition or value. */
  site: int,
  /** Its number among the child's evaluations, from 1. */
  n: int,
  /** Node id of the test it ran in ("" outside one). */
  test: z.string(),
  /** The condition's own value, null where it raised and a value was forced; a value's own, where it is simple. */
  value: probeValue,
  /** The value the probe gave the code (a value's: where it is simple). */
  returned: probeValue,
  /** Simple locals (numbers, strings, booleans, None), and "len(name)" of sized ones. */
  locals: z.record(z.string(), probeValue),
  /** A value probe's variants, in order: "=" where one gives the own value, else its repr (cut short), null where it raised or was not evaluated. */
  variants: z.array(z.string().nullable()).optional(),
});

/** What a candidate's tests did to a file or folder outside the project that was there before (src/python/deepdebug/effects.py). */
const effect = z.strictObject({
  /** "~/notes" under the home, else absolute. */
  path: z.string(),
  kind: z.enum(['deleted', 'truncated', 'rewritten']),
});

const resultMessage = z.strictObject({
  op: z.literal('result'),
  id: int,
  status: z.enum(['done', 'timeout', 'crashed', 'canceled']),
  applied: patchMethod.optional(),
  /** The candidate could not be loaded (syntax error, module-level exception). */
  patchError: z.string().optional(),
  results: z.array(wireTestResult),
  detail: z.string(),
  durationMs: z.number(),
  /** The worker could not put its world back; it exits after this reply. */
  worldError: z.string().optional(),
  /** The worker exits after this reply (its world broken, or in place, what ran left the process unfit): no request may follow. */
  sessionEnds: z.literal(true).optional(),
  /** A record request's calls. */
  recording: recording.optional(),
  /** A replay request's outcomes, one per call. */
  replayed: z.array(callOutcome).optional(),
  /** A probe candidate's evaluations. */
  probe: z.array(probeEvaluation).optional(),
  /** Outside the project: what the child's own file operations and the world's walk saw, each path once. */
  effects: z.array(effect).optional(),
});

const workerMessage = z.discriminatedUnion('op', [readyMessage, resultMessage]);

export type ReadyMessage = z.infer<typeof readyMessage>;
export type WireOutcome = z.infer<typeof wireOutcome>;
export type WireTestResult = z.infer<typeof wireTestResult>;
export type PatchMethod = z.infer<typeof patchMethod>;
export type ResultMessage = z.infer<typeof resultMessage>;
export type Effect = z.infer<typeof effect>;
export type CallInput = z.infer<typeof callInput>;
export type RecordedCall = z.infer<typeof recordedCall>;
export type RecordedFunction = z.infer<typeof recordedFunction>;
export type Recording = z.infer<typeof recording>;
export type CallOutcome = z.infer<typeof callOutcome>;
export type ProbeEvaluation = z.infer<typeof probeEvaluation>;
export type ProbeValue = ProbeEvaluation['locals'][string];
export type WorkerMessage = z.infer<typeof workerMessage>;

// ---------------------------------------------------------------------------------------------
// Locating traceback text's files (src/core/pytest/locate.ts): one request on the helper's
// stdin, one reply on its stdout

const locateRequest = z.strictObject({
  /** The folder the tests ran in; relative file names are relative to it. */
  workspace: z.string(),
  /** As the traceback text names them. */
  files: z.array(z.string()),
});

const locatedFile = z.strictObject({
  /** As a Frame names it: workspace-relative POSIX path when inWorkspace, else absolute. */
  file: z.string(),
  inWorkspace: z.boolean(),
});

const locateReply = z.strictObject({
  version: int,
  /** One per requested file, in the request's order. */
  files: z.array(locatedFile),
});

export type LocateRequest = z.infer<typeof locateRequest>;
export type LocatedFile = z.infer<typeof locatedFile>;
export type LocateReply = z.infer<typeof locateReply>;

// ---------------------------------------------------------------------------------------------
// The worker's world (DEEPDEBUG_WORLD): the folders it puts back after each candidate

const worldRoot = z.strictObject({ path: z.string(), pristine: z.string().nullable() });
const effectWatchSpec = z.strictObject({
  /** The candidate's own folders: the workspace copy, temp, basetemp. */
  own: z.array(z.string()),
  /** The private home ("~" in the report): walked after each candidate, its earlier entries watched. */
  home: z.string(),
  /** The sandbox's scratch folders, walked and watched too. */
  scratch: z.array(z.string()),
  /** The user's home, named "~" where a path outside leads into it. */
  realHome: z.string().nullable(),
});
const worldSpec = z.strictObject({ roots: z.array(worldRoot), backup: z.string(), watch: effectWatchSpec });

export type WorldSpec = z.infer<typeof worldSpec>;

/** Every message type by the name its Python TypedDict has, for the contract test. */
export const WIRE_SCHEMAS = {
  LocalType: localType,
  Frame: frame,
  TestResult: testResult,
  StartEvent: startEvent,
  CollectedEvent: collectedEvent,
  TestStartEvent: testStartEvent,
  ResultEvent: resultEvent,
  FinishEvent: finishEvent,
  ChildLimits: childLimits,
  CheckRequest: checkRequest,
  PatchFields: patchFields,
  ValidateRequest: validateRequest,
  CallTarget: callTarget,
  RecordRequest: recordRequest,
  ReplayCall: replayCall,
  ReplayRequest: replayRequest,
  ServeRequest: serveRequest,
  CancelRequest: cancelRequest,
  QuitRequest: quitRequest,
  ReadyMessage: readyMessage,
  WireTestResult: wireTestResult,
  ResultMessage: resultMessage,
  Effect: effect,
  CallInput: callInput,
  RecordedCall: recordedCall,
  RecordedFunction: recordedFunction,
  Recording: recording,
  CallOutcome: callOutcome,
  ProbeEvaluation: probeEvaluation,
  LocateRequest: locateRequest,
  LocatedFile: locatedFile,
  LocateReply: locateReply,
  WorldRoot: worldRoot,
  WorldSpec: worldSpec,
  EffectWatchSpec: effectWatchSpec,
} as const;

// ---------------------------------------------------------------------------------------------
// Reading

/** One line of the plugin's report; null for an empty line or one a crash cut short (not JSON). */
export function readPluginEvent(line: string): PluginEvent | null {
  const value = parseJsonLine(line);
  if (value === undefined) return null;
  checkVersion(value, { event: 'start' }, PLUGIN_REPORT_VERSION, 'the pytest plugin report');
  return checked(pluginEvent, value, 'the pytest plugin report');
}

/** One line of the worker's replies (each is written whole: a line that is not JSON is an error). */
export function readWorkerMessage(line: string): WorkerMessage {
  const value = parseJsonLine(line);
  if (value === undefined) throw new WireError(`the validation worker sent a line that is not JSON: ${line.slice(0, 200)}`);
  checkVersion(value, { op: 'ready' }, WORKER_PROTOCOL_VERSION, "the validation worker's protocol");
  return checked(workerMessage, value, 'the validation worker');
}

/** The locator's whole stdout, answering `requested` files. */
export function readLocateReply(text: string, requested: number): LocateReply {
  const what = "DeepDebug's Python helper deepdebug.locate";
  const value = parseJsonLine(text);
  if (value === undefined) throw new WireError(`${what} did not answer with JSON: ${text.slice(0, 200)}`);
  checkVersion(value, {}, LOCATE_VERSION, what);
  const reply = checked(locateReply, value, what);
  if (reply.files.length !== requested)
    throw new WireError(`${what} answered for ${reply.files.length} files, not the ${requested} asked about`);
  return reply;
}

function parseJsonLine(line: string): unknown {
  if (line.trim() === '') return undefined;
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The first message of each wire (the one with the fields of `first`; a one-message wire: `{}`)
 * carries its version: another one is one clear error, whatever else differs.
 */
function checkVersion(value: unknown, first: Record<string, string>, expected: number, what: string): void {
  if (typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  const isFirst = Object.entries(first).every(([key, tag]) => record[key] === tag);
  if (isFirst && record.version !== expected) {
    throw new WireError(
      `${what} has version ${String(record.version)}, this build reads version ${expected} (the Python helpers come from another build)`,
    );
  }
}

function checked<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new WireError(
      `${what} sent a malformed message (${z.prettifyError(result.error).replace(/\n/g, '; ')}): ${JSON.stringify(value).slice(0, 300)}`,
    );
  }
  return result.data;
}
