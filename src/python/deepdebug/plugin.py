"""The first run's pytest hooks (see deepdebug_pytest_plugin for how it is configured)."""

from __future__ import annotations

import os
import shutil
import signal
import sys
import threading
import time
from typing import Any, Generator, List, Optional

import pytest

from . import environ_reads
from .report import Recorder

_recorder: Optional[Recorder] = None

# The settings; other DEEPDEBUG_* variables belong to the user's tests and stay.
_SETTINGS = (
    "DEEPDEBUG_REPORT",
    "DEEPDEBUG_WORKSPACE",
    "DEEPDEBUG_COVERAGE",
    "DEEPDEBUG_TIMEOUT",
    "DEEPDEBUG_FAULT",
    "DEEPDEBUG_DESELECT",
    "DEEPDEBUG_DONE_FD",
)


def _end_run_when_orphaned() -> None:
    """Kills this run's process group once the engine that started it is gone.

    The engine ends the group itself when the run is over or overruns its wall limit; an
    engine that is killed (a crashed editor sidecar) would leave a hanging run behind. Only
    where pytest leads its own group, so the engine's group is never touched.
    """
    if sys.platform == "win32" or not hasattr(os, "getpgrp"):
        return  # no process groups here
    if os.getpgrp() != os.getpid():
        return
    parent = os.getppid()

    def watch() -> None:
        # Signals go to the main thread: the per-test SIGALRM must find the test, not this one.
        signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
        while os.getppid() == parent:
            time.sleep(0.5)
        os.killpg(os.getpgrp(), signal.SIGKILL)

    threading.Thread(target=watch, name="deepdebug-orphan-watch", daemon=True).start()


def _keep_plugins_out_of_workspace(config: Any, scratch: str) -> None:
    """Points installed plugins that write into the rootdir at our scratch folder instead.

    pytest-benchmark creates ./.benchmarks in its own pytest_configure (trylast, so after this).
    Hypothesis keeps its example database in ./.hypothesis and reads the variable below when it
    first needs the database; it gets a copy, so examples that failed before still replay and
    new ones are not written back.
    """
    if getattr(config.option, "benchmark_storage", None) == "file://./.benchmarks":
        config.option.benchmark_storage = "file://" + os.path.join(scratch, "benchmarks")
    if "HYPOTHESIS_STORAGE_DIRECTORY" not in os.environ:
        hypothesis_home = os.path.join(scratch, "hypothesis")
        if os.path.isdir(".hypothesis"):
            shutil.copytree(".hypothesis", hypothesis_home, symlinks=True)
        os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = hypothesis_home


def pytest_configure(config: Any) -> None:
    global _recorder
    if os.environ.get("DEEPDEBUG_REPORT") and _recorder is None:
        _recorder = Recorder(config)
        _end_run_when_orphaned()
        _keep_plugins_out_of_workspace(config, os.path.dirname(os.environ["DEEPDEBUG_REPORT"]))
        # Subprocesses the tests start (a nested pytest) must not write into our report.
        for name in _SETTINGS:
            os.environ.pop(name, None)
        environ_reads.start(_recorder.workspace)


def pytest_unconfigure(config: Any) -> None:
    global _recorder
    if _recorder is not None and _recorder.config is config:
        _recorder.close()
        _recorder = None


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: Any) -> Generator[None, Any, None]:
    outcome = yield
    report = outcome.get_result()
    if _recorder is not None and report.failed:
        # The exception is only reachable here: pytest drops `call` before pytest_collectreport.
        call = getattr(report, "call", None)
        _recorder.collection_error(report, call.excinfo if call is not None else None)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session: Any, config: Any, items: List[Any]) -> None:
    # trylast: after -k/-m, so the count of deselected tests stays pytest's own.
    if _recorder is None or not _recorder.deselected:
        return
    deselected = _recorder.deselected
    kept = [item for item in items if item.nodeid not in deselected]
    dropped = [item for item in items if item.nodeid in deselected]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def pytest_collection_finish(session: Any) -> None:
    if _recorder is not None:
        _recorder.write({"event": "collected", "count": len(session.items)})


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: Any, nextitem: Any) -> Generator[None, Any, None]:
    if _recorder is None:
        yield
        return
    _recorder.begin_test(item.nodeid)
    try:
        yield
    finally:
        _recorder.end_test(item.nodeid)


def _timed_phase(fresh_budget: bool) -> Generator[None, Any, None]:
    if _recorder is None:
        yield
        return
    _recorder.timeout.arm(fresh_budget)
    try:
        yield
    finally:
        _recorder.timeout.disarm()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: Any) -> Generator[None, Any, None]:
    yield from _timed_phase(fresh_budget=False)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: Any) -> Generator[None, Any, None]:
    yield from _timed_phase(fresh_budget=False)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: Any, nextitem: Any) -> Generator[None, Any, None]:
    # Teardown gets a budget of its own so cleanup still runs after a timed-out test.
    yield from _timed_phase(fresh_budget=True)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: Any, call: Any) -> Generator[None, Any, None]:
    outcome = yield
    report = outcome.get_result()
    if _recorder is not None and call.excinfo is not None and report.failed:
        _recorder.remember_failure(call.when, call.excinfo)


def pytest_runtest_logreport(report: Any) -> None:
    if _recorder is not None and report.when in ("setup", "call", "teardown"):
        _recorder.remember_report(report)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: Any, exitstatus: Any) -> None:
    # trylast: after the other plugins' and the conftests' own session finish.
    if _recorder is not None:
        _recorder.finish(int(exitstatus), environ_reads.stop())
