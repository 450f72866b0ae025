"""pytest plugin for make_bugs.py: each test's outcome and the workspace functions it calls.

Enabled with `-p function_coverage` (this folder on PYTHONPATH). Writes JSON to the file named
by BENCH_REPORT: {"tests": {nodeid: {"outcome": ..., "functions": [[file, firstLine], ...]}}}.
`file` is relative to BENCH_PACKAGE_ROOT and `firstLine` is the code object's co_firstlineno
(the first decorator's line for a decorated function). With BENCH_COVERAGE=0 only outcomes
are recorded. Only `call` events are traced (the trace function returns None), so tests run
at nearly full speed.
"""

import json
import os
import sys

import pytest

_root = os.path.realpath(os.environ.get("BENCH_PACKAGE_ROOT", os.getcwd())) + os.sep
_coverage = os.environ.get("BENCH_COVERAGE", "1") == "1"
_tests = {}
_called = set()
_code_keys = {}


def _key(code):
    try:
        return _code_keys[code]
    except KeyError:
        path = os.path.realpath(code.co_filename)
        key = (path[len(_root) :], code.co_firstlineno) if path.startswith(_root) else None
        _code_keys[code] = key
        return key


def _trace(frame, event, arg):
    key = _key(frame.f_code)
    if key is not None:
        _called.add(key)
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _called.clear()
    if _coverage:
        sys.settrace(_trace)
    try:
        yield
    finally:
        if _coverage:
            sys.settrace(None)
        entry = _tests.setdefault(item.nodeid, {"outcome": "passed"})
        entry["functions"] = sorted(_called)


def pytest_runtest_logreport(report):
    entry = _tests.setdefault(report.nodeid, {"outcome": "passed"})
    if report.failed:
        entry["outcome"] = "failed"
    elif report.skipped and entry["outcome"] == "passed":
        entry["outcome"] = "skipped"


def pytest_collectreport(report):
    if report.failed:
        _tests[report.nodeid or "<collection>"] = {"outcome": "failed", "functions": []}


def pytest_sessionfinish(session, exitstatus):
    with open(os.environ["BENCH_REPORT"], "w") as f:
        json.dump({"tests": _tests}, f)
