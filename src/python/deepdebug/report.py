"""The first run's report: one JSON line per event, each test's result as the engine reads it."""

from __future__ import annotations

import faulthandler
import json
import os
import site
import sys
from typing import Any, Dict, List, NamedTuple, Optional, Set, Union

import pytest

from .coverage import LineCoverage, MonitoredCoverage, line_coverage
from .results import frames_of, message_of, outcome_of, root_exception, syntax_error_frame
from .timeout import PerTestTimeout, TestTimeout
from .wire import REPORT_VERSION, Frame, PluginEvent, TestResult
from .workspace import Workspace


class Failure(NamedTuple):
    exception: str
    message: str
    frames: List[Frame]
    timeout: bool


def read_json_list(path: Optional[str]) -> List[str]:
    if not path:
        return []
    with open(path, encoding="utf-8") as file:
        names: List[str] = json.load(file)
        return names


class Recorder:
    def __init__(self, config: Any) -> None:
        self.config = config
        self.workspace = Workspace(os.environ.get("DEEPDEBUG_WORKSPACE") or str(config.rootpath))
        self._fd = os.open(os.environ["DEEPDEBUG_REPORT"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        fault_path = os.environ.get("DEEPDEBUG_FAULT")
        self._fault_file = open(fault_path, "w") if fault_path else None
        if self._fault_file is not None:
            faulthandler.enable(file=self._fault_file, all_threads=True)
        self.coverage: Union[LineCoverage, MonitoredCoverage, None] = (
            line_coverage(self.workspace) if os.environ.get("DEEPDEBUG_COVERAGE") == "1" else None
        )
        self.timeout = PerTestTimeout(float(os.environ.get("DEEPDEBUG_TIMEOUT") or 0), self._fault_file)
        self.timeout.install()
        self.deselected: Set[str] = set(read_json_list(os.environ.get("DEEPDEBUG_DESELECT")))
        done_fd = os.environ.get("DEEPDEBUG_DONE_FD")
        self._done_fd: Optional[int] = int(done_fd) if done_fd else None
        self._reports: List[Any] = []
        self._failures: Dict[str, Failure] = {}
        self.write(
            {
                "event": "start",
                "version": REPORT_VERSION,
                "python": "%d.%d.%d" % sys.version_info[:3],
                "pytest": pytest.__version__,
                # Where `pip install --user` put packages, in the user's own environment: the
                # validator's sessions run with HOME moved and name it (user-site.ts).
                "userBase": site.getuserbase(),
            }
        )

    def close(self) -> None:
        self.timeout.uninstall()
        if self._fault_file is not None:
            faulthandler.disable()
            self._fault_file.close()
        os.close(self._fd)

    def finish(self, exitstatus: int, environ: List[str]) -> None:
        """The last event; where the tests ran to their end, the engine also hears it on the done pipe.

        The engine stops waiting there: what pytest does after this (other plugins' summaries,
        its unconfigure, the interpreter's exit) changes no result. An interrupted run, an
        internal or usage error and an empty one are read once the process has exited, with
        its output.
        """
        self.write({"event": "finish", "exitstatus": exitstatus, "environ": environ})
        if self._done_fd is not None and exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
            try:
                os.write(self._done_fd, b"done\n")
                os.close(self._done_fd)
            except OSError:
                pass  # The engine then waits for the exit, as without the pipe.
            self._done_fd = None

    def write(self, event: PluginEvent) -> None:
        # One os.write per line: a crash later cannot leave this line half written.
        os.write(self._fd, (json.dumps(event) + "\n").encode("utf-8", "backslashreplace"))

    def failure_of(self, excinfo: Any) -> Failure:
        value = root_exception(excinfo.value)
        frames = frames_of(self.workspace, value.__traceback__)
        if isinstance(value, SyntaxError) and value.filename:
            frames.append(syntax_error_frame(self.workspace, value))
        return Failure(type(value).__name__, message_of(value), frames, isinstance(value, TestTimeout))

    # Tests

    def begin_test(self, nodeid: str) -> None:
        self.deselected = set(read_json_list(os.environ.get("DEEPDEBUG_DESELECT")))
        self._reports = []
        self._failures = {}
        self.write({"event": "test-start", "nodeid": nodeid})
        self.timeout.begin_test()
        if self.coverage is not None:
            self.coverage.start()

    def end_test(self, nodeid: str) -> None:
        coverage = self.coverage.stop() if self.coverage is not None else None
        self.timeout.end_test()
        result = self._result(nodeid)
        self.timeout.finished(result["durationMs"] / 1000.0, result["outcome"] == "timeout")
        if coverage is not None:
            result["coverage"] = coverage
        self.write({"event": "result", "result": result})

    def remember_failure(self, when: str, excinfo: Any) -> None:
        self._failures[when] = self.failure_of(excinfo)

    def remember_report(self, report: Any) -> None:
        self._reports.append(report)

    def _result(self, nodeid: str) -> TestResult:
        outcome, phase, failed, duration = outcome_of(self._reports)
        result: TestResult = {"nodeid": nodeid, "outcome": outcome, "phase": phase, "durationMs": round(duration, 3), "frames": []}
        if failed is not None:
            failure = self._failures.get(failed.when)
            if failure is not None:
                result["exception"] = failure.exception
                result["message"] = failure.message
                result["frames"] = failure.frames
                if failure.timeout:
                    result["outcome"] = "timeout"
            result["longrepr"] = str(failed.longrepr)
        return result

    # Collection

    def collection_error(self, report: Any, excinfo: Any) -> None:
        result: TestResult = {"nodeid": report.nodeid, "outcome": "error", "phase": "collect", "durationMs": 0, "frames": []}
        if excinfo is not None:
            failure = self.failure_of(excinfo)
            result["exception"] = failure.exception
            result["message"] = failure.message
            result["frames"] = failure.frames
        result["longrepr"] = str(report.longrepr)
        self.write({"event": "result", "result": result})
