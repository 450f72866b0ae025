"""The validation server: one live pytest session that forks a child per candidate."""

from __future__ import annotations

import functools
import gc
import json
import os
import select
import sys
import time
import traceback
from typing import Any, Dict, List, Literal, NoReturn, Optional, Tuple, Union

import pytest

from .effects import Recorder, install_hook, merged_effects
from .fork_server import ForkServer, encode_job, read_available, read_job
from .forking import choose_fork
from .functions import live_function
from .inplace import InPlace
from .limits import (
    PR_SET_CHILD_SUBREAPER,
    apply_limits,
    child_limits,
    describe_exit,
    die_with_parent,
    kill_group,
    memory_unbound,
    set_prctl,
)
from .memory import end_past_allowance
from .patch import PreparedPatch, install_patch, patch_job, prepare_patch, prepared_from_job
from .probe import evaluations as probe_evaluations
from .protocol import LineReader, protocol_fds, send
from .record import record_calls
from .replay import replay_calls
from .runner import CrashOnly, direct_nodeids, run_items, warm_up
from .sources import OriginalFile, PatchError, modules_by_file
from .wire import (
    WORKER_PROTOCOL_VERSION,
    CallTarget,
    ChildReport,
    Effect,
    Outcome,
    PatchFields,
    PatchMethod,
    ResultMessage,
    RunRequest,
)
from .workspace import Workspace
from .world import World, WorldError

# "spawn": candidates run in the worker itself, as they must where there is no fork (inplace.py).
VALIDATOR_ENV = "DEEPDEBUG_VALIDATOR"

PASSED = ("passed", "xpassed")
NOT_BROKEN: Tuple[Outcome, ...] = ("passed", "xpassed", "skipped", "xfailed")


def child_main(request: RunRequest, prepared: Optional[PreparedPatch], server: "Server") -> ChildReport:
    """Runs in the forked child: install the patch (if any), run the tests (or record or replay
    the suspects' calls), return the report."""
    if request["op"] == "check":
        return {"applied": "none", "results": run_items(server.items_for(request["tests"]), None, server.user_code)}
    if request["op"] == "record":
        tests = server.items_for(request["tests"])
        seeds = server.items_for(request["seedTests"])
        recording = record_calls(
            request,
            server.find_target,
            lambda: run_items(tests, None, server.user_code, server.direct),
            lambda: run_items(seeds, None, server.user_code, server.direct),
        )
        return {"applied": "none", "results": [], "recording": recording}
    applied: PatchMethod = "none"
    if prepared is not None:
        try:
            applied = install_patch(prepared, server.workspace_modules)
        except PatchError as error:
            return {"applied": "none", "patchError": str(error), "results": []}
    if request["op"] == "replay":
        return {"applied": applied, "results": [], "replayed": replay_calls(request, server.find_target)}
    # Every failing test runs, so a candidate that fixes some of them is seen (a base for a
    # further edit); the passing ones only run when at least one failing test passed, or when
    # asked (a watching probe).
    results = run_items(server.items_for(request["failing"]), None, server.user_code, server.direct)
    if any(r["outcome"] in PASSED for r in results) or request.get("everyTest", False):
        covering = request["covering"]
        passing = covering if applied == "swap" and covering is not None else request["passing"]
        results += run_items(server.items_for(passing), NOT_BROKEN, server.user_code, server.direct)
    report: ChildReport = {"applied": applied, "results": results}
    # A probe candidate (src/core/synth/probe.ts) recorded what its condition saw.
    probed = probe_evaluations()
    if probed:
        report["probe"] = probed
    return report


def patch_of(request: RunRequest) -> Optional[PatchFields]:
    if request["op"] == "validate":
        return request
    if request["op"] == "replay":
        return request["patch"]
    return None


def without_source(request: RunRequest) -> RunRequest:
    """The request as its child's job carries it: the patched text is in the prepared patch."""
    if request["op"] == "validate":
        validate = request.copy()
        validate["source"] = ""
        return validate
    if request["op"] == "replay" and request["patch"] is not None:
        patch = request["patch"].copy()
        patch["source"] = ""
        replay = request.copy()
        replay["patch"] = patch
        return replay
    return request


class Server:
    def __init__(self, session: Any, request_fd: int, reply_fd: int) -> None:
        self.session = session
        self.workspace = os.path.realpath(str(session.config.rootpath))
        self.user_code = Workspace(self.workspace)
        self.items = {item.nodeid: item for item in session.items}
        # Candidates run these tests as plain calls; checks (the clean re-check of a validated
        # patch among them) always run pytest's whole protocol.
        self.direct = direct_nodeids(session)
        self.modules_by_file = modules_by_file()
        workspace_prefix = os.path.join(self.workspace, "")
        self.workspace_modules = [
            name for file, names in self.modules_by_file.items() if file.startswith(workspace_prefix) for name in names
        ]
        self.originals: Dict[str, OriginalFile] = {}
        # The file the request being served patches, or why it cannot be read.
        self.original: Union[OriginalFile, str] = ""
        for item in session.items:
            # Cached on the item: computed here once instead of in every child.
            getattr(item, "location", None)
            item.repr_failure = functools.partial(CrashOnly, self.user_code)
        self.reader = LineReader(request_fd)
        self.request_fd = request_fd
        self.reply_fd = reply_fd
        # Recorded after collection: what collection wrote is part of every candidate's start.
        self.world = World.from_environment()
        self.world_broken = False
        # Candidates run in this process where there is no fork, or where the engine asks (inplace.py).
        self.in_place = not hasattr(os, "fork") or os.environ.get(VALIDATOR_ENV) == "spawn"
        self.fork = None if self.in_place else choose_fork()
        self.fork_server: ForkServer

    def original_of(self, relative: str) -> Union[OriginalFile, str]:
        path = os.path.realpath(os.path.join(self.workspace, relative))
        if path not in self.originals:
            try:
                self.originals[path] = OriginalFile(path, self.modules_by_file.get(path, []))
            except (OSError, SyntaxError, UnicodeDecodeError) as error:
                return f"cannot read {relative}: {error}"
        return self.originals[path]

    def items_for(self, nodeids: List[str]) -> List[Any]:
        return [self.items[n] for n in nodeids if n in self.items]

    def find_target(self, target: CallTarget) -> Tuple[Any, Optional[str]]:
        """A suspect's live function and its module's name; (None, None) where none is loaded."""
        path = os.path.realpath(os.path.join(self.workspace, target["file"]))
        for name in self.modules_by_file.get(path, []):
            module = sys.modules.get(name)
            function = None if module is None else live_function(module, target["function"], target["startLine"])
            if function is not None:
                return function, name
        return None, None

    def serve(self) -> None:
        warm_up(self.session.config, self.user_code)
        if self.in_place:
            InPlace(self).serve()
            return
        # Everything alive now moves to a generation the collector never scans: a collection in
        # a child would otherwise touch every object and copy the whole heap (~150 ms per fork).
        gc.collect()
        gc.freeze()
        assert self.fork is not None
        self.fork_server = ForkServer(self.fork, self.child, (self.request_fd, self.reply_fd))
        # All of the above may happen while the engine's first run is still going: only then does
        # it know which tests to serve, and says so with ``serve``, again for each later run a kept
        # session serves.
        while True:
            message = self.reader.read_message()
            if message is None or message["op"] == "quit":
                return
            if message["op"] == "serve":
                self.send_ready(message["tests"])
                continue
            if message["op"] == "cancel":
                continue  # nothing running to cancel
            reply = self.run_child(message)
            if reply is None:
                return
            # The next candidate would start from this one's files: end, to be replaced.
            self.send_reply(reply, ends=self.world_broken)
            if self.world_broken:
                return

    def send_ready(self, requested: List[str]) -> None:
        send(
            self.reply_fd,
            {
                "op": "ready",
                "version": WORKER_PROTOCOL_VERSION,
                "pid": os.getpid(),
                "collected": [n for n in requested if n in self.items],
                "missing": [n for n in requested if n not in self.items],
            },
        )

    def send_reply(self, reply: ResultMessage, ends: bool) -> None:
        """The reply; where this worker ends after it, it says so, so that no request follows."""
        if ends:
            reply["sessionEnds"] = True
        send(self.reply_fd, reply)

    def prepared_for(self, request: RunRequest) -> Union[None, PreparedPatch, str]:
        """The request's patch made ready (None: it has none), or why it cannot be applied. In
        the worker, not the child: what is read and parsed here stays for the next candidates."""
        patch = patch_of(request)
        if patch is None:
            return None
        self.original = self.original_of(patch["file"])
        try:
            return prepare_patch(patch, self.original)
        except PatchError as error:
            return str(error)

    def patch_error_reply(self, request: RunRequest, error: str, started: float) -> ResultMessage:
        """The reply to a candidate of which nothing can run."""
        return {
            "op": "result",
            "id": request["id"],
            "status": "done",
            "applied": "none",
            "patchError": error,
            "results": [],
            "detail": "",
            "durationMs": (time.monotonic() - started) * 1000.0,
        }

    def ran_reply(
        self,
        request: RunRequest,
        status: Literal["done", "timeout", "canceled", "crashed"],
        report: Optional[ChildReport],
        outside: List[Effect],
        started: float,
        detail: str = "",
    ) -> ResultMessage:
        """The reply to a candidate that ran (forked or in place): the world put back, what its
        tests did outside it and there, and its report where it finished."""
        reply: ResultMessage = {"op": "result", "id": request["id"], "status": status, "results": [], "detail": detail, "durationMs": 0.0}
        walked: List[Effect] = []
        try:
            walked = self.world.restore()
        except WorldError as error:
            self.world_broken = True
            reply["worldError"] = str(error)
        if report is not None:
            reply.update(report)  # type: ignore[typeddict-item]
        effects = merged_effects(outside, walked)
        if effects:
            reply["effects"] = effects
        elif status == "timeout":
            reply["detail"] = f"killed after {request['timeoutMs']} ms"
        reply["durationMs"] = (time.monotonic() - started) * 1000.0
        return reply

    def child_report(self, request: RunRequest, prepared: Optional[PreparedPatch]) -> ChildReport:
        return child_main(request, prepared, self)

    def run_child(self, request: RunRequest) -> Optional[ResultMessage]:
        """Has the fork server fork a child for the request, waits with a deadline, kills the
        child's process group on timeout or cancel. None when the client went away while the
        child ran."""
        started = time.monotonic()
        prepared = self.prepared_for(request)
        if isinstance(prepared, str):
            return self.patch_error_reply(request, prepared, started)  # nothing of it can run: no child
        # The child takes the patched text from the prepared patch.
        request = without_source(request)
        job = encode_job((request, None if prepared is None else patch_job(prepared), child_limits(request)))
        try:
            pid = self.fork_server.fork_child(job)
        except OSError as error:
            return {"op": "result", "id": request["id"], "status": "crashed", "results": [], "detail": str(error), "durationMs": 0.0}
        deadline = started + request["timeoutMs"] / 1000.0
        chunks: List[bytes] = []
        status: Literal["done", "timeout", "canceled"] = "done"
        wait_status: Optional[int] = None
        try:
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    status = "timeout"
                    break
                writing = [self.fork_server.jobs] if self.fork_server.pending else []
                readable, writable, _ = select.select(
                    [self.fork_server.reports, self.fork_server.events, self.request_fd], writing, [], remaining
                )
                if writable:
                    self.fork_server.write_job()
                if self.request_fd in readable:
                    self.reader.fill()
                    line = self.reader.pending_line()
                    if self.reader.eof or (line is not None and json.loads(line).get("op") in ("cancel", "quit")):
                        status = "canceled"
                        break
                if self.fork_server.reports in readable:
                    chunks.append(read_available(self.fork_server.reports))
                if self.fork_server.events in readable:
                    wait_status = self.fork_server.wait_exit()
                    break
        finally:
            if status != "done":
                kill_group(pid)
            if wait_status is None:
                wait_status = self.fork_server.wait_exit()
            # The child wrote its whole report before exiting, and nothing it started is left.
            chunks.append(read_available(self.fork_server.reports))
            self.fork_server.finish()
        if status == "canceled" and self.reader.eof:
            return None
        if status != "done":
            return self.ran_reply(request, status, None, [], started)
        try:
            report: ChildReport = json.loads(b"".join(chunks))
        except ValueError:
            return self.ran_reply(request, "crashed", None, [], started, describe_exit(wait_status))
        return self.ran_reply(request, "done", report, report.get("effects", []), started)

    def child(self, job_fd: int, report_fd: int) -> NoReturn:
        """In each of the fork server's children: reads its job, reports through the pipe and
        leaves with os._exit."""
        if sys.platform == "win32":
            raise NotImplementedError("forked children only: Windows has no fork")
        code = 0
        outside = Recorder()
        try:
            os.setpgid(0, 0)
            die_with_parent()
            request, job, limits = read_job(job_fd)
            os.close(job_fd)
            if self.world.watch is not None:
                install_hook(self.world.watch, outside)
            prepared = None if job is None else prepared_from_job(job)
            apply_limits(limits)
            if memory_unbound(request, limits):
                end_past_allowance(float(request["memoryMb"]))
            report = child_main(request, prepared, self)
            if outside.seen:
                report["effects"] = outside.effects()
            payload = json.dumps(report).encode()
        except BaseException:  # noqa: BLE001 - report anything rather than die silently
            payload = json.dumps({"applied": "none", "results": [], "detail": traceback.format_exc()[-2000:]}).encode()
            code = 1
        os.set_blocking(report_fd, True)
        try:
            while payload:
                payload = payload[os.write(report_fd, payload) :]
        finally:
            os._exit(code)


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: Any) -> Optional[bool]:
    fds = protocol_fds()
    if fds is None:
        return None
    die_with_parent()
    set_prctl(PR_SET_CHILD_SUBREAPER, 1)
    # Pre-create the session's temp root so every child shares it instead of making its own.
    factory = getattr(session.config, "_tmp_path_factory", None)
    if factory is not None:
        factory.getbasetemp()
    Server(session, *fds).serve()
    return True
