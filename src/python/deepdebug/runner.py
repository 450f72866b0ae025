"""Running a candidate's tests inside its child: through pytest's per-test protocol, or as plain
calls where the protocol would do nothing else (direct_nodeids)."""

from __future__ import annotations

import ast
import inspect
import json
import os
import sys
import threading
import time
import types
import warnings
from typing import Any, Dict, FrozenSet, List, Optional, Tuple

import pytest

from .results import crash_site, outcome_of
from .wire import Outcome, WireTestResult
from .workspace import Workspace


class CrashLine:
    def __init__(self, message: str) -> None:
        self.message = message


class CrashOnly:
    """A test's failure as the worker reports it: the crash message only, as pytest's own
    report would word it (its ``reprcrash``), without the traceback and sources pytest would
    render for a terminal, which cost a candidate's child more than most tests themselves;
    and where it crashed (``crash_site``), to compare with the user's own run."""

    def __init__(self, workspace: Workspace, excinfo: Any) -> None:
        self.reprcrash = CrashLine(excinfo.exconly(tryshort=True))
        self.exception, self.where = crash_site(workspace, excinfo.value)

    def toterminal(self, writer: Any) -> None:
        writer.line(self.reprcrash.message)

    def __str__(self) -> str:
        return self.reprcrash.message


def crash_message(report: Any) -> str:
    crash = getattr(getattr(report, "longrepr", None), "reprcrash", None)
    if crash is not None:
        return str(crash.message)[:500]
    text = str(getattr(report, "longreprtext", "") or report.longrepr)
    return text.strip().splitlines()[-1][:500] if text.strip() else ""


# The reports of the item being run. Items run through the pytest_runtest_protocol hook, not
# _pytest.runner.runtestprotocol directly, so the plugins that wrap each test (the warnings
# plugin's capture, which shows DeprecationWarning to tests; logging; unraisable exceptions)
# work as in the user's own pytest run; the reports come back through this hook.
_item_reports: List[Any] = []


def pytest_runtest_logreport(report: Any) -> None:
    _item_reports.append(report)


# Set while a candidate that runs in the worker itself is being stopped (its time is up, or it was
# canceled): no further test of it starts.
HALT = threading.Event()


def run_items(
    items: List[Any], stop_unless: Optional[Tuple[Outcome, ...]], workspace: Workspace, direct: FrozenSet[str] = frozenset()
) -> List[WireTestResult]:
    """Runs items in order, stopping after the first whose outcome is not in ``stop_unless``
    (None: run them all), or once HALT is set; those in ``direct`` are called as plain functions (run_direct)."""
    results: List[WireTestResult] = []
    protocol = [item for item in items if item.nodeid not in direct]
    # The protocol tears down what the next item it runs does not share.
    following = dict(zip((item.nodeid for item in protocol), protocol[1:] + [None]))
    for item in items:
        if HALT.is_set():
            break
        if item.nodeid in direct:
            results.append(run_direct(item, workspace))
        else:
            nextitem = following[item.nodeid]
            _item_reports.clear()
            item.ihook.pytest_runtest_protocol(item=item, nextitem=nextitem)
            outcome, phase, failed, duration = outcome_of(list(_item_reports))
            message = crash_message(failed) if failed is not None else ""
            result: WireTestResult = {"nodeid": item.nodeid, "outcome": outcome, "phase": phase, "message": message, "durationMs": duration}
            crash = getattr(failed, "longrepr", None)
            if isinstance(crash, CrashOnly):
                result["exception"] = crash.exception
                if crash.where is not None:
                    result["where"] = crash.where
            results.append(result)
        if stop_unless is not None and results[-1]["outcome"] not in stop_unless:
            break
    return results


# Hooks through which a plugin can change how a test runs or what its outcome is. Where only
# pytest's own plugins and this one implement them, a test without fixtures and marks does
# nothing in pytest's per-test protocol but call the function inside pytest's default warning
# filters; the protocol's reporting, capture and logging machinery costs a candidate's child
# ~10x the test itself.
RUNTEST_HOOKS = (
    "pytest_runtest_protocol",
    "pytest_runtest_setup",
    "pytest_runtest_call",
    "pytest_runtest_teardown",
    "pytest_pyfunc_call",
    "pytest_runtest_makereport",
)
# Third-party plugins whose runtest hooks act only on tests that use them (Hypothesis on
# @given tests, which are never called directly; pytest-benchmark on tests with its fixture).
INERT_FOR_PLAIN_TESTS = ("_hypothesis_pytestplugin", "pytest_benchmark.plugin")


def plugin_module(plugin: Any) -> str:
    return plugin.__name__ if isinstance(plugin, types.ModuleType) else type(plugin).__module__


def direct_nodeids(session: Any) -> FrozenSet[str]:
    """The items run_direct may run: plain module-level test functions without fixtures,
    marks, nose-style setup or Hypothesis, in a session whose plugins leave the runtest hooks
    to pytest and whose options set no warning filters or log level (the protocol would apply
    them)."""
    config = session.config
    for name in RUNTEST_HOOKS:
        for impl in getattr(config.pluginmanager.hook, name).get_hookimpls():
            module = plugin_module(impl.plugin)
            if not (module.startswith("_pytest.") or module in ("deepdebug_worker", "pytest", *INERT_FOR_PLAIN_TESTS)):
                return frozenset()
    if config.getini("filterwarnings") or config.getoption("pythonwarnings", None):
        return frozenset()
    if config.getoption("log_level", None) or config.getini("log_level"):
        return frozenset()
    return frozenset(
        item.nodeid
        for item in session.items
        if type(item) is pytest.Function
        and getattr(item, "cls", None) is None
        and not item.fixturenames
        and not any(True for _ in item.iter_markers())
        and inspect.isfunction(item.obj)
        and not (inspect.iscoroutinefunction(item.obj) or inspect.isasyncgenfunction(item.obj))
        and not hasattr(item.obj, "setup")
        and not hasattr(item.obj, "teardown")
        and not getattr(item.obj, "is_hypothesis_test", False)
    )


def run_direct(item: Any, workspace: Workspace) -> WireTestResult:
    """Calls a test function as pytest's protocol would for an item direct_nodeids admits: with
    PYTEST_CURRENT_TEST set and warnings recorded under pytest's default filters (deprecation
    warnings always shown, so a test that records them sees them)."""
    outcome: Outcome = "passed"
    message = ""
    site: Optional[Tuple[str, Optional[str]]] = None
    os.environ["PYTEST_CURRENT_TEST"] = f"{item.nodeid} (call)"
    started = time.perf_counter()
    with warnings.catch_warnings(record=True):
        if not sys.warnoptions:
            warnings.filterwarnings("always", category=DeprecationWarning)
            warnings.filterwarnings("always", category=PendingDeprecationWarning)
        try:
            item.obj()
        except pytest.skip.Exception:
            outcome = "skipped"
        except pytest.xfail.Exception:
            outcome = "xfailed"
        except BaseException:  # noqa: BLE001 - what pytest reports as the test's failure
            outcome = "failed"
            excinfo = pytest.ExceptionInfo.from_current()
            message = excinfo.exconly(tryshort=True)[:500]
            site = crash_site(workspace, excinfo.value)
    duration = (time.perf_counter() - started) * 1000.0
    os.environ.pop("PYTEST_CURRENT_TEST", None)
    result: WireTestResult = {
        "nodeid": item.nodeid,
        "outcome": outcome,
        "phase": "call",
        "message": message,
        "durationMs": duration,
        "direct": True,
    }
    if site is not None:
        result["exception"] = site[0]
        if site[1] is not None:
            result["where"] = site[1]
    return result


# Two tests as a user's module would have them, for warm_up.
WARM_UP_SOURCE = """
def test_fails():
    words = ["1", "2"]
    assert words == ["1", "Fizz"], "the second word"


def test_passes():
    assert [1, 2] == [1, 2]
"""
WARM_UP_ROUNDS = 100


class WarmUpItem:
    def __init__(self, nodeid: str, obj: Any) -> None:
        self.nodeid = nodeid
        self.obj = obj


def warm_up(config: Any, workspace: Workspace) -> None:
    """Runs the children's own paths (a direct test that fails an assertion and one that passes,
    the report's encoding) in the worker before the first fork. The interpreter specializes
    their bytecode, and the allocator fills its pools, here once instead of in every child:
    ~90 fewer pages copied per child (of ~660)."""
    from _pytest.assertion.rewrite import rewrite_asserts

    tree = ast.parse(WARM_UP_SOURCE)
    rewrite_asserts(tree, WARM_UP_SOURCE.encode(), "deepdebug_warm_up.py", config)
    namespace: Dict[str, Any] = {}
    exec(compile(tree, "deepdebug_warm_up.py", "exec"), namespace)  # noqa: S102 - our own two tests
    items = [WarmUpItem(f"deepdebug_warm_up.py::{name}", namespace[name]) for name in ("test_fails", "test_passes")]
    for _ in range(WARM_UP_ROUNDS):
        json.dumps({"applied": "swap", "results": [run_direct(item, workspace) for item in items]}).encode()
