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
WORKER_PROTOCOL_VERSION = 1
LOCATE_VERSION = 1

# What the plugin and the worker make of pytest's reports (results.outcome_of); the plugin adds
# "timeout" (its own per-test limit).
Outcome = Literal["passed", "failed", "error", "skipped", "xfailed", "xpassed"]
ReportOutcome = Literal["passed", "failed", "error", "skipped", "xfailed", "xpassed", "timeout"]
Phase = Literal["setup", "call", "teardown"]


# ---------------------------------------------------------------------------------------------
# The plugin's report


class _Frame(TypedDict):
    # Workspace-relative POSIX path when inWorkspace, else absolute (or "<string>"-like).
    file: str
    line: int
    function: str
    inWorkspace: bool


class Frame(_Frame, total=False):
    # Bounded reprs of the frame's locals; absent for module frames and collection errors.
    locals: Dict[str, str]
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


class ValidateRequest(ChildLimits):
    op: Literal["validate"]
    id: int
    file: str  # workspace-relative POSIX path of the patched file
    source: str  # the whole patched file
    function: str
    startLine: int
    endLine: int
    failing: List[str]
    passing: List[str]
    # The passing tests that cover the function, run instead of ``passing`` after a swap.
    covering: Optional[List[str]]


class CancelRequest(TypedDict):
    op: Literal["cancel"]


class QuitRequest(TypedDict):
    op: Literal["quit"]


WorkerRequest = Union[CheckRequest, ValidateRequest, CancelRequest, QuitRequest]
RunRequest = Union[CheckRequest, ValidateRequest]


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
    where: str  # and "file:line" of the innermost frame in the user's code


PatchMethod = Literal["swap", "reexec", "import", "none"]


class _ChildReport(TypedDict):
    applied: PatchMethod
    results: List[WireTestResult]


class ChildReport(_ChildReport, total=False):
    """What a candidate's child writes to its pipe; the worker merges it into its reply."""

    patchError: str  # the candidate cannot be loaded (syntax error, module-level exception)
    detail: str  # the child's own crash


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


class WorldSpec(TypedDict):
    roots: List[WorldRoot]
    backup: str
