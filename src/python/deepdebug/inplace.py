"""Candidates run in the worker process itself, where there is no fork (Windows) or where asked.

The patch is installed, the tests run, and the process is put back as it was (ProcessState): the
code and defaults of the functions the patch can reach, the workspace modules' namespaces, the
workspace modules imported since, the import hooks, sys.path, the environment, the working
directory and the source lines traceback reads; the files are the world's to put back
(world.py). What a test changes inside objects (an item appended to a module's list, a class
attribute) is not put back. So every few candidates, and at once after a candidate that had to
be stopped, some unpatched passing tests run again (the canary), and a worker whose tests no
longer give what they gave before its first candidate ends after its reply, to be replaced. A
candidate's leftovers can cost a fix, never show a wrong one: every shown patch passes a clean
re-check in a fresh session. A thread watches the session's resident memory while a candidate
runs and stops it past the candidate's allowance (the session ends after its reply where it
cannot give most of it back); the
largest file is limited once, for good (limits.session_limits); CPU time is not (the session's
own adds up).

A candidate is stopped at its deadline, or when the engine cancels it, by an exception raised in
the tests' thread (alarm.py), again every few milliseconds until its tests stop (runner.HALT);
one stuck where no exception reaches it (a call blocked in C where SIGALRM does not reach, a
test that swallows every exception) ends the whole worker through faulthandler, a grace period
later. Requests are read by a thread of their own, which sees a cancel while the tests run and
needs no ``select`` on the pipe (Windows has none for pipes).
"""

from __future__ import annotations

import faulthandler
import linecache
import os
import queue
import sys
import threading
import time
import traceback
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, TypeVar

from . import probe, runner
from .alarm import Alarm
from .effects import Recorder, install_hook
from .jobs import JobError, SessionJob
from .limits import apply_limits, kill_descendants, session_limits
from .memory import OVER_ALLOWANCE, MemoryWatch
from .protocol import LineReader
from .wire import ChildReport, ResultMessage, RunRequest, WorkerRequest
from .world import WorldError

if TYPE_CHECKING:
    from .patch import PreparedPatch
    from .server import Server

T = TypeVar("T")

# Why a candidate was stopped, as its tests' exception says.
STOPPED = {
    "timeout": "candidate exceeded its time limit",
    "canceled": "candidate canceled",
    "memory": OVER_ALLOWANCE,
}

# A stopped candidate's tests are interrupted this often until they stop.
STOP_EVERY_S = 0.05
# How long a stopped candidate may take to stop before faulthandler ends the worker.
STOP_GRACE_S = 5.0
# The unpatched tests run again after this many candidates.
CANARY_EVERY = 10
# The passing tests a canary runs at most: those of the first candidate.
CANARY_PASSING = 50
# Module-level containers up to this many items are put back after each candidate.
KEPT_CONTENTS = 10_000


def session_job(processes: Optional[int]) -> "Optional[SessionJob]":
    """Windows: the session's job (jobs.py), None elsewhere or where it cannot be made (said once)."""
    if sys.platform != "win32":
        return None
    try:
        return SessionJob(processes)
    except JobError as error:
        print(f"deepdebug: no job object for the session ({error}): what candidates start is not ended after them", file=sys.stderr)
        return None


class CandidateStopped(BaseException):
    """Raised in the tests' thread when the candidate's time is up or it was canceled."""


def is_kept(value: Any) -> bool:
    """A module-level list, dict, set or bytearray of the project's, small enough to copy per
    candidate: a test that appends to a module's default list or updates its defaults dict leaves
    no trace in the next candidate (what lies deeper is the canary's to see)."""
    return type(value) in (list, dict, set, bytearray) and len(value) <= KEPT_CONTENTS


def put_back(value: Any, contents: Any) -> None:
    """The container's contents as they were, in the same object (others hold it). No comparison
    first: that would call the project's __eq__ on its items; copying keeps their hashes."""
    if isinstance(value, (dict, set)):
        value.clear()
        value.update(contents)
    else:
        value[:] = contents


class ProcessState:
    """What a candidate run in place may change of the process, taken before it runs."""

    def __init__(self, workspace: str, prepared: "Optional[PreparedPatch]") -> None:
        self.prefix = os.path.join(workspace, "")
        self.modules = dict(sys.modules)
        self.namespaces = {name: dict(vars(module)) for name, module in self.modules.items() if self.in_workspace(module)}
        # Not the dunder names: a module's __builtins__ is the interpreter's own dict.
        self.contents = [
            (value, value.copy())
            for namespace in self.namespaces.values()
            for name, value in namespace.items()
            if not name.startswith("__") and is_kept(value)
        ]
        self.functions = [(f, f.__code__, f.__defaults__, f.__kwdefaults__) for f in reachable_functions(prepared, self.namespaces)]
        self.meta_path = list(sys.meta_path)
        self.path = list(sys.path)
        self.environ = dict(os.environ)
        self.cwd = os.getcwd()
        self.source = None if prepared is None else (prepared.path, linecache.cache.get(prepared.path))

    def in_workspace(self, module: Any) -> bool:
        file = getattr(module, "__file__", None)
        return isinstance(file, str) and os.path.realpath(file).startswith(self.prefix)

    def restore(self) -> None:
        for function, code, defaults, kwdefaults in self.functions:
            function.__code__, function.__defaults__, function.__kwdefaults__ = code, defaults, kwdefaults
        for name, namespace in self.namespaces.items():
            module = self.modules[name]
            vars(module).clear()
            vars(module).update(namespace)
        for value, contents in self.contents:
            put_back(value, contents)
        # Workspace modules imported since hold what the candidate made: the next import makes them anew.
        for name, module in list(sys.modules.items()):
            if name not in self.modules and self.in_workspace(module):
                del sys.modules[name]
        for name, module in self.modules.items():
            if sys.modules.get(name) is not module:
                sys.modules[name] = module
        sys.meta_path[:] = self.meta_path
        sys.path[:] = self.path
        for name in [name for name in os.environ if name not in self.environ]:
            del os.environ[name]
        for name, value in self.environ.items():
            if os.environ.get(name) != value:
                os.environ[name] = value
        if os.getcwd() != self.cwd:
            os.chdir(self.cwd)
        if self.source is not None:
            path, entry = self.source
            if entry is None:
                linecache.cache.pop(path, None)
            else:
                linecache.cache[path] = entry


def reachable_functions(prepared: "Optional[PreparedPatch]", namespaces: Dict[str, Dict[str, Any]]) -> List[Any]:
    """The functions whose code or defaults installing the patch can change: a swap's live
    functions and escaped instances, and, for a re-execution, the patched modules' functions."""
    if prepared is None:
        return []
    found: List[Any] = []
    for step in prepared.steps or []:
        found += step.live
        found += [function for function, _code in step.escaped]
    for module in prepared.loaded:
        for value in namespaces.get(module.__name__, {}).values():
            if hasattr(value, "__code__") and getattr(value, "__module__", None) == module.__name__:
                found.append(value)
    return found


class Requests(threading.Thread):
    """Reads the engine's requests into a queue; a cancel (or the engine going away) while a
    candidate runs stops it."""

    def __init__(self, fd: int, on_cancel: Any) -> None:
        super().__init__(name="deepdebug-requests", daemon=True)
        self.reader = LineReader(fd)
        self.queue: "queue.Queue[Optional[WorkerRequest]]" = queue.Queue()
        self.on_cancel = on_cancel

    def run(self) -> None:
        while True:
            message = self.reader.read_message()
            if message is None or message["op"] in ("cancel", "quit"):
                self.on_cancel()
            self.queue.put(message)
            if message is None:
                return


class InPlace:
    """The worker's serving loop where candidates run in the worker itself."""

    def __init__(self, server: "Server") -> None:
        self.server = server
        self.stopped: Optional[str] = None
        self.alarm = Alarm(CandidateStopped, self._stop_message)
        self.requests = Requests(server.request_fd, self._cancel)
        self.memory = MemoryWatch(self._over_memory)
        self.running = False
        self.since_canary = 0
        self.canaries: List[str] = []
        self.baseline: Optional[Dict[str, bool]] = None
        self.baseline_taken = False
        self.limited = False
        self.job: "Optional[SessionJob]" = None
        self.allowance_mb = 0.0
        self.tainted = False
        self.outside = Recorder()
        self.outside.watching = False
        if server.world.watch is not None:
            install_hook(server.world.watch, self.outside)
        sys.addaudithook(self._refuse_parent_kill)

    def serve(self) -> None:
        self.alarm.install()
        self.requests.start()
        self.memory.start()
        try:
            while True:
                message = self.requests.queue.get()
                if message is None or message["op"] == "quit":
                    return
                if message["op"] == "serve":
                    self.server.send_ready(message["tests"])
                    continue
                if message["op"] == "cancel":
                    continue  # nothing running to cancel
                try:
                    reply = self.run(message)
                except CandidateStopped:
                    return  # raised late, past the run: the worker is its leftovers' now
                if reply is None:
                    return
                # The next candidate would start from this one's leftovers: end, to be replaced.
                ends = self.server.world_broken or self.tainted
                self.server.send_reply(reply, ends)
                if ends:
                    return
        finally:
            self.alarm.uninstall()

    def run(self, request: RunRequest) -> Optional[ResultMessage]:
        if not self.limited and "memoryMb" in request:
            # Once, from the first request that has them: the session's for good.
            self.limited = True
            self.allowance_mb = request["memoryMb"]
            apply_limits(session_limits(request))
            self.job = session_job(request["nproc"])
        if request["op"] == "validate" and not self.baseline_taken:
            self.baseline_taken = True
            # The canary's tests and what they give before any candidate ran here: passing tests
            # (failing ones may hang or crash by themselves).
            self.canaries = (request["covering"] or request["passing"])[:CANARY_PASSING]
            self.baseline = self.canary_outcomes(request["timeoutMs"] / 1000.0)
        started = time.monotonic()
        prepared = self.server.prepared_for(request)
        if isinstance(prepared, str):
            return self.server.patch_error_reply(request, prepared, started)
        patch: "Optional[PreparedPatch]" = prepared
        state = ProcessState(self.server.workspace, patch)
        report: Optional[ChildReport] = None
        remaining = request["timeoutMs"] / 1000.0 - (time.monotonic() - started)
        probe.reset()
        self.outside.seen.clear()
        self.outside.watching = True
        try:
            report = self.stoppable(remaining, lambda: self.reported(request, patch))
        finally:
            self.outside.watching = False
            state.restore()
            # What its tests started goes with it, as with a forked child.
            if sys.platform != "win32":
                kill_descendants()
            elif self.job is not None:
                self.job.end_others()
        if self.stopped == "canceled" and self.requests.reader.eof:
            return None
        outside = self.outside.effects()
        if self.stopped == "memory":
            reply = self.server.ran_reply(request, "crashed", None, outside, started, STOPPED["memory"])
            # What the session could not give back goes with it, as a forked child's would.
            self.tainted = self.memory.kept_back(self.allowance_mb)
        elif self.stopped is not None:
            reply = self.server.ran_reply(request, "timeout" if self.stopped == "timeout" else "canceled", None, outside, started)
        else:
            reply = self.server.ran_reply(request, "done", report, outside, started)
        if request["op"] == "validate":
            self.since_canary += 1
            # A stopped candidate may have left something half done: the canary runs at once.
            if self.since_canary >= CANARY_EVERY or self.stopped is not None:
                self.since_canary = 0
                self.tainted = not self.canary(request["timeoutMs"] / 1000.0)
        return reply

    def reported(self, request: RunRequest, prepared: "Optional[PreparedPatch]") -> ChildReport:
        try:
            return self.server.child_report(request, prepared)
        except CandidateStopped:
            raise
        except BaseException:  # noqa: BLE001 - report anything rather than end the worker
            return {"applied": "none", "results": [], "detail": traceback.format_exc()[-2000:]}

    def stoppable(self, seconds: float, run: Callable[[], T]) -> Optional[T]:
        """What ``run`` returns, stopped at ``seconds`` or on cancel (then None, or what it
        returned once its tests stopped; ``self.stopped`` says why)."""
        self.stopped = None
        runner.HALT.clear()
        self.running = True
        faulthandler.dump_traceback_later(max(seconds, 0.0) + STOP_GRACE_S, exit=True)
        try:
            self.memory.watch(self.allowance_mb)
            self.alarm.arm(seconds, STOP_EVERY_S)
            return run()
        except CandidateStopped:
            return None
        finally:
            self.alarm.disarm()
            self.memory.stop()
            self.running = False
            faulthandler.cancel_dump_traceback_later()
            runner.HALT.clear()

    def canary(self, seconds: float) -> bool:
        """Whether the unpatched canary tests still pass or fail as they did before the first
        candidate, within a candidate's time."""
        if self.baseline is None:
            return True  # the unpatched tests could not be run to compare with
        return self.canary_outcomes(seconds) == self.baseline

    def canary_outcomes(self, seconds: float) -> Optional[Dict[str, bool]]:
        """Whether each canary test passes, the code unpatched, in this process as it stands;
        None when they had to be stopped."""
        state = ProcessState(self.server.workspace, None)
        try:
            items = self.server.items_for(self.canaries)
            results = self.stoppable(seconds, lambda: runner.run_items(items, None, self.server.user_code, self.server.direct))
        finally:
            state.restore()
            try:
                self.server.world.restore()
            except WorldError:
                self.server.world_broken = True
        if results is None or self.stopped is not None:
            return None
        return {result["nodeid"]: result["outcome"] in ("passed", "xpassed") for result in results}

    def _refuse_parent_kill(self, event: str, args: Any) -> None:
        """A candidate's signal to the session's parent (the engine, or what stands between) is
        refused: a forked child's reaches only the fork server."""
        if event in ("os.kill", "os.killpg") and self.running and args and args[0] in (os.getppid(), -os.getppid()):
            raise PermissionError(f"deepdebug: a candidate may not signal its validator's parent ({args[0]})")

    def _stop_message(self) -> str:
        self.stopped = self.stopped or "timeout"
        runner.HALT.set()
        return STOPPED[self.stopped]

    def _over_memory(self) -> None:
        if self.running:
            self.stopped = "memory"
            self.alarm.arm(0.0, STOP_EVERY_S)

    def _cancel(self) -> None:
        if self.running:
            self.stopped = "canceled"
            self.alarm.arm(0.0, STOP_EVERY_S)
