"""Every message between the engine and DeepDebug's Python side, as plain data.

Two wires, each with a version its reader checks before anything else:

- The plugin's report (``deepdebug_pytest_plugin``): JSON lines appended to the file named by
  DEEPDEBUG_REPORT, one ``PluginEvent`` a line, starting with a ``StartEvent`` that carries
  ``REPORT_VERSION``.
- The validation worker's protocol (``deepdebug_worker``): ``WorkerRequest`` lines in,
  ``WorkerMessage`` lines out; the first reply, a ``ReadyMessage``, carries
  ``WORKER_PROTOCOL_VERSION``.
- Locating traceback text's files (``python -m deepdebug.locate``): one ``LocateRequest`` on
  stdin, one ``LocateReply`` on stdout, which carries ``LOCATE_VERSION``.

The TypeScript side checks each message it reads against its mirror of these types
(``src/core/wire.ts``); a contract test runs both emitters and compares the two.
Optional keys sit in a ``total=False`` subclass (``NotRequired`` needs Python 3.11).
"""

from __future__ import annotations

from typing import Dict, List, Literal, Optional, TypedDict, Union

REPORT_VERSION = 1
WORKER_PROTOCOL_VERSION = 4
LOCATE_VERSION = 1

# What the plugin and the worker make of pytest's reports (results.outcome_of); the plugin adds
# "timeout" (its own per-test limit).
Outcome = Literal["passed", "failed", "error", "skipped", "xfailed", "xpassed"]
ReportOutcome = Literal["passed", "failed", "error", "skipped", "xfailed", "xpassed", "timeout"]
Phase = Literal["setup", "call", "teardown"]


# ---------------------------------------------------------------------------------------------
# The plugin's report


class _LocalType(TypedDict):
    # The class's qualified name: "str", "NoneType", "Order", "Parser.State".
    type: str


class LocalType(_LocalType, total=False):
    # Public attribute names of an instance of a class of its own (at most 20); absent for builtins'.
    attributes: List[str]


class _Frame(TypedDict):
    # Workspace-relative POSIX path when inWorkspace, else absolute (or "<string>"-like).
    file: str
    line: int
    function: str
    inWorkspace: bool


class Frame(_Frame, total=False):
    # Bounded reprs of the frame's locals; absent for module frames and collection errors.
    locals: Dict[str, str]
    # The runtime type of each local in ``locals``; absent with it.
    localTypes: Dict[str, LocalType]
    # The text of the frame's line, stripped; absent where its file cannot be read.
    source: str


class _TestResult(TypedDict):
    nodeid: str
    outcome: ReportOutcome
    phase: Literal["collect", "setup", "call", "teardown"]
    durationMs: float
    frames: List[Frame]


class TestResult(_TestResult, total=False):
    exception: str
    message: str
    longrepr: str
    # Lines run during the test, per workspace-relative file (only when coverage is recorded).
    coverage: Dict[str, List[int]]


class StartEvent(TypedDict):
    event: Literal["start"]
    version: int
    python: str
    pytest: str
    userBase: Optional[str]


class CollectedEvent(TypedDict):
    event: Literal["collected"]
    count: int


class TestStartEvent(TypedDict):
    event: Literal["test-start"]
    nodeid: str


class ResultEvent(TypedDict):
    event: Literal["result"]
    result: TestResult


class _FinishEvent(TypedDict):
    event: Literal["finish"]
    exitstatus: int


class FinishEvent(_FinishEvent, total=False):
    environ: List[str]  # the environment variables the user's code read (environ_reads)


PluginEvent = Union[StartEvent, CollectedEvent, TestStartEvent, ResultEvent, FinishEvent]


# ---------------------------------------------------------------------------------------------
# The worker's protocol: requests


class ChildLimits(TypedDict):
    # Numbers as the engine computes them; the worker rounds the resource limits down.
    timeoutMs: float
    memoryMb: float
    cpuSeconds: float
    fileSizeMb: float
    # RLIMIT_NPROC allowance; None where a pids cgroup around the worker limits processes.
    nproc: Optional[int]


class CheckRequest(ChildLimits):
    op: Literal["check"]
    id: int
    tests: List[str]


class PatchFields(TypedDict):
    file: str  # workspace-relative POSIX path of the patched file
    source: str  # the whole patched file
    function: str
    startLine: int
    endLine: int


class _ValidateRequest(ChildLimits, PatchFields):
    op: Literal["validate"]
    id: int
    failing: List[str]
    passing: List[str]
    # The passing tests that cover the function, run instead of ``passing`` after a swap.
    covering: Optional[List[str]]


class ValidateRequest(_ValidateRequest, total=False):
    # Run the passing tests even when no failing test passed (a probe that only watches).
    everyTest: bool


class CallTarget(TypedDict):
    """A suspect function whose calls are recorded and replayed (deepdebug/record.py, replay.py)."""

    file: str  # workspace-relative POSIX path
    function: str  # qualified name
    startLine: int


class RecordRequest(ChildLimits):
    """Run ``tests`` on the unpatched code, recording the calls they make to ``targets``."""

    op: Literal["record"]
    id: int
    tests: List[str]
    targets: List[CallTarget]
    maxCalls: int  # distinct calls kept per function
    maxArgBytes: int  # a call's pickled arguments, at most
    maxDerived: int  # new inputs derived per function
    seedTests: List[str]  # the failing tests: their calls' arguments only seed the new inputs


class ReplayCall(TypedDict):
    target: int  # index into the request's targets
    args: str  # base64 of the pickled (positional, keywords)


class ReplayRequest(ChildLimits):
    """Apply ``patch`` (None: the unpatched code) and call each of ``calls``."""

    op: Literal["replay"]
    id: int
    patch: Optional[PatchFields]
    targets: List[CallTarget]
    calls: List[ReplayCall]
    callTimeoutMs: float


class ServeRequest(TypedDict):
    """The node ids to serve, first of all requests (known once the engine's first run ended;
    the session may have collected their files and warmed up while it ran) and again for each
    later run a kept session serves. Answered by ``ready``."""

    op: Literal["serve"]
    tests: List[str]


class CancelRequest(TypedDict):
    op: Literal["cancel"]


class QuitRequest(TypedDict):
    op: Literal["quit"]


WorkerRequest = Union[CheckRequest, ValidateRequest, RecordRequest, ReplayRequest, ServeRequest, CancelRequest, QuitRequest]
RunRequest = Union[CheckRequest, ValidateRequest, RecordRequest, ReplayRequest]


# ---------------------------------------------------------------------------------------------
# The worker's protocol: replies


class ReadyMessage(TypedDict):
    op: Literal["ready"]
    version: int
    pid: int
    collected: List[str]
    missing: List[str]  # requested node ids the session did not collect


class _WireTestResult(TypedDict):
    nodeid: str
    outcome: Outcome
    phase: Phase
    message: str
    durationMs: float


class WireTestResult(_WireTestResult, total=False):
    direct: bool  # called as a plain function, not through pytest's per-test protocol
    exception: str  # a failed call: the exception's class name (results.crash_site)
    where: str  # and "function (file)" of the innermost frame in the user's code


PatchMethod = Literal["swap", "reexec", "import", "none"]


class _CallInput(TypedDict):
    args: str  # base64 of the pickled (positional, keywords), as ReplayCall carries it
    shown: str  # the call for people, bounded: "median([1, 2])"


class CallInput(_CallInput, total=False):
    literal: str  # the arguments as Python source ("[1, 2]"), where each is a literal


class _RecordedCall(CallInput):
    raised: bool  # the call ended by an exception


class RecordedCall(_RecordedCall, total=False):
    digest: str  # of its result and arguments after it (values.outcome_digest); absent when it raised


class _RecordedFunction(TypedDict):
    file: str
    function: str
    calls: List[RecordedCall]  # distinct calls, in the order the tests made them
    derived: List[CallInput]  # new inputs: the recorded arguments, one changed a little
    # Calls not kept: arguments that do not pickle, too large, results without a comparable
    # form, and calls past maxCalls (repeats of a kept call not counted).
    unpicklable: int
    tooLarge: int
    notComparable: int
    beyondLimit: int


class RecordedFunction(_RecordedFunction, total=False):
    module: str  # the live module's name, for a test that imports a module-level function
    note: str  # why none of its calls are recorded ("a generator function", "not found")


class Recording(TypedDict):
    functions: List[RecordedFunction]  # one per target, in the request's order


class _CallOutcome(TypedDict):
    status: Literal["returned", "raised", "timeout", "error"]
    digest: str  # equal for equal outcomes ("" for an error: compared with nothing)
    shown: str  # "7", "raises ValueError: negative"


class CallOutcome(_CallOutcome, total=False):
    literal: str  # the returned value as Python source, or a builtin exception's name
    reached: bool  # the patched function ran during the call (absent: unknown)


# A local's value in a probe's snapshot (deepdebug/probe.py): only values a condition compares.
ProbeValue = Union[int, float, str, bool, None]


class _ProbeEvaluation(TypedDict):
    site: int  # which probed condition or value
    n: int  # its number among the child's evaluations, from 1
    test: str  # node id of the test it ran in ("" outside one)
    # The condition's own value, None where it raised and a value was forced; a value's own,
    # where it is simple (None otherwise).
    value: ProbeValue
    returned: ProbeValue  # the value the probe gave the code (a value's: where it is simple)
    locals: Dict[str, ProbeValue]  # simple locals, and "len(name)" of sized ones


class ProbeEvaluation(_ProbeEvaluation, total=False):
    """One evaluation of a probed condition or value in a candidate's child (deepdebug/probe.py)."""

    # A value probe's variants, in order: "=" where one gives the own value, else its repr (cut
    # short), None where it raised or was not evaluated.
    variants: List[Optional[str]]


# What a candidate's tests did to a file or folder outside the project that existed before
# they ran (deepdebug/effects.py): removed it, cut it short, or wrote it anew.
EffectKind = Literal["deleted", "truncated", "rewritten"]


class Effect(TypedDict):
    path: str  # "~/notes" under the home, else absolute
    kind: EffectKind


class _ChildReport(TypedDict):
    applied: PatchMethod
    results: List[WireTestResult]


class ChildReport(_ChildReport, total=False):
    """What a candidate's child writes to its pipe; the worker merges it into its reply."""

    patchError: str  # the candidate cannot be loaded (syntax error, module-level exception)
    detail: str  # the child's own crash
    recording: Recording  # a record request's calls
    replayed: List[CallOutcome]  # a replay request's outcomes, one per call
    probe: List[ProbeEvaluation]  # a probe candidate's evaluations
    effects: List[Effect]  # what the child's own file operations did outside the world


class _ResultMessage(TypedDict):
    op: Literal["result"]
    id: int
    status: Literal["done", "timeout", "crashed", "canceled"]
    results: List[WireTestResult]
    detail: str
    durationMs: float


class ResultMessage(_ResultMessage, total=False):
    applied: PatchMethod
    patchError: str
    # The world could not be put back: the worker exits after this reply.
    worldError: str
    # The worker exits after this reply: no request may follow.
    sessionEnds: bool
    recording: Recording
    replayed: List[CallOutcome]
    probe: List[ProbeEvaluation]
    # Outside the project: the child's own operations and the world's walk, each path once.
    effects: List[Effect]


WorkerMessage = Union[ReadyMessage, ResultMessage]


# ---------------------------------------------------------------------------------------------
# Locating the files named by traceback text (a faulthandler dump, pytest's output before the
# plugin started, another test controller's message), by the rule the frames above follow


class LocateRequest(TypedDict):
    workspace: str  # the folder the tests ran in; relative file names are relative to it
    files: List[str]  # as the text names them


class LocatedFile(TypedDict):
    # As a Frame names it: workspace-relative POSIX path when inWorkspace, else absolute.
    file: str
    inWorkspace: bool


class LocateReply(TypedDict):
    version: int
    files: List[LocatedFile]  # one per requested file, in the request's order


# ---------------------------------------------------------------------------------------------
# The worker's world (DEEPDEBUG_WORLD, see world.py)


class WorldRoot(TypedDict):
    path: str
    pristine: Optional[str]


class EffectWatchSpec(TypedDict):
    own: List[str]  # the candidate's own folders: the workspace copy, temp, basetemp
    home: str  # the private home ("~" in the report); walked, its earlier entries watched
    scratch: List[str]  # the sandbox's scratch folders, walked and watched too
    realHome: Optional[str]  # the user's home, named "~" where a path outside leads into it


class WorldSpec(TypedDict):
    roots: List[WorldRoot]
    backup: str
    watch: EffectWatchSpec
