"""DeepDebug's pytest plugin: records what each test did, for fault localization.

Loaded with ``-p deepdebug_pytest_plugin`` from a PYTHONPATH entry, never installed. It is
configured by environment variables and streams one JSON object per line to a report file,
appending and flushing as each test starts and ends, so that the caller still knows which
test was running when the interpreter dies:

  {"event": "start", "version": 1, "python": "3.11.7", "pytest": "9.0.3"}
  {"event": "collected", "count": 12}
  {"event": "test-start", "nodeid": "tests/test_a.py::test_x"}
  {"event": "result", "result": {<TestResult>}}
  {"event": "finish", "exitstatus": 1}

(every event is in deepdebug/wire.py; the hooks are in deepdebug/plugin.py).

Environment:
  DEEPDEBUG_REPORT     the report file (required: without it the plugin does nothing)
  DEEPDEBUG_WORKSPACE  the workspace root; frames and coverage outside it are not "ours"
  DEEPDEBUG_COVERAGE   "1" records per-test line coverage of workspace files
  DEEPDEBUG_TIMEOUT    per-test timeout in seconds ("0" or unset: none); after one test hits
                       it, the others get a short one (a bug that loops tends to loop in
                       every test that reaches it, and the run must not spend its budget there)
  DEEPDEBUG_FAULT      file that faulthandler writes to on a crash or a hard timeout
  DEEPDEBUG_DESELECT   JSON list of node ids not to run (done before the interpreter died)
  DEEPDEBUG_DONE_FD    a pipe the engine reads: "done" is written there once the tests ran to
                       their end, so the engine need not wait for pytest's own wind-down

The code stays compatible with Python 3.8 and pytest 7: it runs in the user's interpreter.
"""

from deepdebug.plugin import (
    pytest_collection_finish,
    pytest_collection_modifyitems,
    pytest_configure,
    pytest_make_collect_report,
    pytest_runtest_call,
    pytest_runtest_logreport,
    pytest_runtest_makereport,
    pytest_runtest_protocol,
    pytest_runtest_setup,
    pytest_runtest_teardown,
    pytest_sessionfinish,
    pytest_unconfigure,
)

__all__ = [
    "pytest_collection_finish",
    "pytest_collection_modifyitems",
    "pytest_configure",
    "pytest_make_collect_report",
    "pytest_runtest_call",
    "pytest_runtest_logreport",
    "pytest_runtest_makereport",
    "pytest_runtest_protocol",
    "pytest_runtest_setup",
    "pytest_runtest_teardown",
    "pytest_sessionfinish",
    "pytest_unconfigure",
]
