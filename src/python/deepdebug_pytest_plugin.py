"""DeepDebug's pytest plugin: records what each test did, for fault localization.

Loaded with ``-p deepdebug_pytest_plugin`` from a PYTHONPATH entry, never installed. It is
configured by environment variables and streams one JSON object per line to a report file,
appending and flushing as each test starts and ends, so that the caller still knows which
test was running when the interpreter dies:

  {"event": "start", "version": 1, "python": "3.11.7", "pytest": "9.0.3"}
  {"event": "collected", "count": 12}
  {"event": "test-start", "nodeid": "tests/test_a.py::test_x"}
  {"event": "result", "result": {<TestResult, as in src/core/types.ts>}}
  {"event": "finish", "exitstatus": 1}

Environment:
  DEEPDEBUG_REPORT     the report file (required: without it the plugin does nothing)
  DEEPDEBUG_WORKSPACE  the workspace root; frames and coverage outside it are not "ours"
  DEEPDEBUG_COVERAGE   "1" records per-test line coverage of workspace files
  DEEPDEBUG_TIMEOUT    per-test timeout in seconds ("0" or unset: none); after one test hits
                       it, the others get a short one (a bug that loops tends to loop in
                       every test that reaches it, and the run must not spend its budget there)
  DEEPDEBUG_FAULT      file that faulthandler writes to on a crash or a hard timeout
  DEEPDEBUG_DESELECT   JSON list of node ids not to run (done before the interpreter died)

The code stays compatible with Python 3.8 and pytest 7: it runs in the user's interpreter.
"""

import faulthandler
import json
import os
import shutil
import signal
import sys
import sysconfig
import threading
import time

import pytest

try:
    from _pytest._io.saferepr import saferepr as _saferepr
except ImportError:  # pytest moved it: fall back to a plain bounded repr
    _saferepr = None

REPORT_VERSION = 1
LOCAL_REPR_LIMIT = 240
MESSAGE_LINE_LIMIT = 20
MESSAGE_CHAR_LIMIT = 4000
MAX_LOCALS = 50
# Frames of pytest's machinery and of this plugin (timeout, tracer) say nothing about the bug.
_INTERNAL_MARKERS = (os.sep + "_pytest" + os.sep, os.sep + "pluggy" + os.sep)
_THIS_FILE = os.path.splitext(os.path.abspath(__file__))[0]


def _is_internal(filename):
    return (
        filename.startswith("<frozen")
        or any(marker in filename for marker in _INTERNAL_MARKERS)
        or os.path.splitext(os.path.abspath(filename))[0] == _THIS_FILE
    )


def _bounded_repr(value):
    if _saferepr is not None:
        return _saferepr(value, maxsize=LOCAL_REPR_LIMIT)
    try:
        text = repr(value)
    except BaseException as error:  # a broken __repr__ must not break the report
        text = "<repr failed: %s>" % type(error).__name__
    if len(text) > LOCAL_REPR_LIMIT:
        text = text[: LOCAL_REPR_LIMIT - 3] + "..."
    return text


class TestTimeout(BaseException):
    """Raised in the main thread when a test overruns the per-test timeout.

    A BaseException so that a test's own ``except Exception`` does not swallow it; pytest's
    runner catches BaseException and reports the test as failed, which we turn into 'timeout'.
    """


class Workspace:
    """Decides which files are the user's: inside the workspace, outside any environment."""

    def __init__(self, root):
        self.root = os.path.realpath(root)
        self._prefix = self.root + os.sep
        # Interpreter and library folders inside the workspace (a .venv) are not user code;
        # ones that contain the workspace (a workspace under /usr/src) must not exclude it.
        candidates = {sys.prefix, sys.base_prefix, sys.exec_prefix}
        for name in ("stdlib", "platstdlib", "purelib", "platlib"):
            path = sysconfig.get_paths().get(name)
            if path:
                candidates.add(path)
        self._excluded = tuple(
            os.path.realpath(path) + os.sep
            for path in candidates
            if os.path.realpath(path).startswith(self._prefix)
        )
        self._cache = {}

    def relative(self, filename):
        """The workspace-relative POSIX path of a code file, or None when it is not ours."""
        try:
            return self._cache[filename]
        except KeyError:
            pass
        result = None
        if filename and not filename.startswith("<"):
            path = os.path.realpath(os.path.abspath(filename))
            if (
                path.startswith(self._prefix)
                and not path.startswith(self._excluded)
                and "site-packages" not in path
                and "dist-packages" not in path
            ):
                result = os.path.relpath(path, self.root).replace(os.sep, "/")
        self._cache[filename] = result
        return result

    def display(self, filename):
        relative = self.relative(filename)
        if relative is not None:
            return relative, True
        return os.path.abspath(filename) if not filename.startswith("<") else filename, False


class LineCoverage:
    """Per-test line coverage of workspace files with sys.settrace (before Python 3.12).

    The global trace function decides once per file name whether a code object is ours and
    returns no local tracer otherwise, so library code runs at near full speed.
    """

    def __init__(self, workspace):
        self._workspace = workspace
        self._hits = {}
        self._tracers = {}

    def start(self):
        self._hits = {}
        self._tracers = {}
        threading.settrace(self._on_call)
        sys.settrace(self._on_call)

    def stop(self):
        sys.settrace(None)
        threading.settrace(None)
        return {path: sorted(lines) for path, lines in self._hits.items()}

    def _on_call(self, frame, event, arg):
        if event != "call":
            return None
        relative = self._workspace.relative(frame.f_code.co_filename)
        if relative is None:
            return None
        tracer = self._tracers.get(relative)
        if tracer is None:
            tracer = self._tracers[relative] = self._line_tracer(relative)
        return tracer

    def _line_tracer(self, relative):
        lines = self._hits.setdefault(relative, set())
        add = lines.add

        def on_line(frame, event, arg):
            if event == "line":
                add(frame.f_lineno)
            return on_line

        return on_line


class MonitoredCoverage:
    """Per-test line coverage with sys.monitoring (Python 3.12+).

    Each line reports once per test: the callback returns DISABLE and restart_events() at the
    next test's start turns every line back on, so the cost is per distinct line, not per
    execution, and library code pays one call per line per test.
    """

    # Ids 3 and 4 have no assigned role; coverage.py and debuggers use the named ones.
    _TOOL_IDS = (4, 3)

    def __init__(self, workspace, tool):
        self._workspace = workspace
        self._tool = tool
        self._hits = {}
        monitoring = sys.monitoring
        monitoring.register_callback(tool, monitoring.events.LINE, self._on_line)

    @classmethod
    def create(cls, workspace):
        """A MonitoredCoverage on a free tool id, or None when none is free."""
        for tool in cls._TOOL_IDS:
            try:
                sys.monitoring.use_tool_id(tool, "deepdebug")
            except ValueError:
                continue
            return cls(workspace, tool)
        return None

    def start(self):
        self._hits = {}
        sys.monitoring.set_events(self._tool, sys.monitoring.events.LINE)
        sys.monitoring.restart_events()

    def stop(self):
        sys.monitoring.set_events(self._tool, 0)
        return {path: sorted(lines) for path, lines in self._hits.items()}

    def _on_line(self, code, line):
        relative = self._workspace.relative(code.co_filename)
        if relative is not None:
            lines = self._hits.get(relative)
            if lines is None:
                lines = self._hits[relative] = set()
            lines.add(line)
        return sys.monitoring.DISABLE


def _line_coverage(workspace):
    if hasattr(sys, "monitoring"):
        monitored = MonitoredCoverage.create(workspace)
        if monitored is not None:
            return monitored
    return LineCoverage(workspace)


# After a timeout, the later tests' limit: this many times the longest test that finished,
# and never under the floor (tests are seldom that regular).
SHORT_TIMEOUT_FACTOR = 5.0
SHORT_TIMEOUT_FLOOR_S = 2.0


class PerTestTimeout:
    """SIGALRM raises TestTimeout in the main thread; faulthandler is the backstop.

    Code stuck where signals are not handled (a C loop) is ended by faulthandler, which dumps
    every thread's stack to the fault file and exits; the caller reads that as a timeout.
    """

    def __init__(self, seconds, fault_file):
        self.seconds = seconds
        self._longest_finished = 0.0
        self._fault_file = fault_file
        self._deadline = None
        self._previous = None
        self._usable = seconds > 0 and hasattr(signal, "setitimer") and (
            threading.current_thread() is threading.main_thread()
        )

    def install(self):
        if self._usable:
            self._previous = signal.signal(signal.SIGALRM, self._on_alarm)

    def uninstall(self):
        if self._usable:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._previous or signal.SIG_DFL)

    def begin_test(self):
        if self.seconds <= 0:
            return
        self._deadline = time.monotonic() + self.seconds
        if self._fault_file is not None:
            # Setup+call and teardown each get the budget, plus a grace period.
            faulthandler.dump_traceback_later(2 * self.seconds + 2, exit=True, file=self._fault_file)

    def end_test(self):
        if self.seconds > 0 and self._fault_file is not None:
            faulthandler.cancel_dump_traceback_later()

    def finished(self, seconds, timed_out):
        """A test ended: after a timeout the rest get a short limit, from the tests that finished."""
        if not timed_out:
            self._longest_finished = max(self._longest_finished, seconds)
        elif self.seconds > 0:
            short = max(SHORT_TIMEOUT_FLOOR_S, SHORT_TIMEOUT_FACTOR * self._longest_finished)
            self.seconds = min(self.seconds, short)

    def arm(self, fresh_budget):
        if not self._usable:
            return
        remaining = self.seconds if fresh_budget else self._deadline - time.monotonic()
        signal.setitimer(signal.ITIMER_REAL, max(remaining, 0.001))

    def disarm(self):
        if self._usable:
            signal.setitimer(signal.ITIMER_REAL, 0)

    def _on_alarm(self, signum, frame):
        __tracebackhide__ = True  # keeps this frame out of pytest's long traceback
        raise TestTimeout("test exceeded the per-test timeout of %g s" % self.seconds)


def _root_exception(value):
    """The user's exception behind pytest's CollectError wrapper (raised `from` it)."""
    seen = 0
    while type(value).__name__ == "CollectError" and value.__cause__ is not None and seen < 5:
        value = value.__cause__
        seen += 1
    return value


def _message_of(value):
    try:
        text = str(value)
    except BaseException as error:
        text = "<str failed: %s>" % type(error).__name__
    lines = text.splitlines()[:MESSAGE_LINE_LIMIT]
    return "\n".join(lines)[:MESSAGE_CHAR_LIMIT]


def _read_json_list(path):
    if not path:
        return []
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def _end_run_when_orphaned():
    """Kills this run's process group once the engine that started it is gone.

    The engine ends the group itself when the run is over or overruns its wall limit; an
    engine that is killed (a crashed editor sidecar) would leave a hanging run behind. Only
    where pytest leads its own group, so the engine's group is never touched.
    """
    if os.getpgrp() != os.getpid():
        return
    parent = os.getppid()

    def watch():
        # Signals go to the main thread: the per-test SIGALRM must find the test, not this one.
        signal.pthread_sigmask(signal.SIG_BLOCK, signal.valid_signals())
        while os.getppid() == parent:
            time.sleep(0.5)
        os.killpg(os.getpgrp(), signal.SIGKILL)

    threading.Thread(target=watch, name="deepdebug-orphan-watch", daemon=True).start()


class Recorder:
    def __init__(self, config):
        self.config = config
        self.workspace = Workspace(os.environ.get("DEEPDEBUG_WORKSPACE") or str(config.rootpath))
        self._fd = os.open(os.environ["DEEPDEBUG_REPORT"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        fault_path = os.environ.get("DEEPDEBUG_FAULT")
        self._fault_file = open(fault_path, "w") if fault_path else None
        if self._fault_file is not None:
            faulthandler.enable(file=self._fault_file, all_threads=True)
        self.coverage = _line_coverage(self.workspace) if os.environ.get("DEEPDEBUG_COVERAGE") == "1" else None
        self.timeout = PerTestTimeout(float(os.environ.get("DEEPDEBUG_TIMEOUT") or 0), self._fault_file)
        self.timeout.install()
        self.deselected = set(_read_json_list(os.environ.get("DEEPDEBUG_DESELECT")))
        _end_run_when_orphaned()
        self._reports = []
        self._failures = {}
        self.write(
            {
                "event": "start",
                "version": REPORT_VERSION,
                "python": "%d.%d.%d" % sys.version_info[:3],
                "pytest": pytest.__version__,
            }
        )

    def close(self):
        self.timeout.uninstall()
        if self._fault_file is not None:
            faulthandler.disable()
            self._fault_file.close()
        os.close(self._fd)

    def write(self, event):
        # One os.write per line: a crash later cannot leave this line half written.
        os.write(self._fd, (json.dumps(event) + "\n").encode("utf-8", "backslashreplace"))

    # Frames

    def frames_of(self, traceback, with_locals=True):
        frames = []
        while traceback is not None:
            code = traceback.tb_frame.f_code
            filename = code.co_filename
            if not _is_internal(filename):
                frames.append(self._frame(traceback.tb_frame, traceback.tb_lineno, with_locals))
            traceback = traceback.tb_next
        return frames

    def _frame(self, frame, line, with_locals):
        file, in_workspace = self.workspace.display(frame.f_code.co_filename)
        result = {"file": file, "line": line, "function": frame.f_code.co_name, "inWorkspace": in_workspace}
        # A module frame's locals are its globals: imports and functions, not evidence.
        if with_locals and frame.f_code.co_name != "<module>":
            result["locals"] = self._locals_of(frame)
        return result

    def _locals_of(self, frame):
        shown = {}
        for name, value in list(frame.f_locals.items()):
            # Skip builtins and the temporaries of pytest's assertion rewriting.
            if name == "__builtins__" or name.startswith("@py_"):
                continue
            if len(shown) >= MAX_LOCALS:
                break
            shown[name] = _bounded_repr(value)
        return shown

    def failure_of(self, excinfo):
        value = _root_exception(excinfo.value)
        frames = self.frames_of(value.__traceback__)
        if isinstance(value, SyntaxError) and value.filename:
            # The parser's error has no frame of its own: point at the offending line.
            file, in_workspace = self.workspace.display(value.filename)
            frames.append({"file": file, "line": value.lineno or 1, "function": "<module>", "inWorkspace": in_workspace})
        return {
            "exception": type(value).__name__,
            "message": _message_of(value),
            "frames": frames,
            "timeout": isinstance(value, TestTimeout),
        }

    # Tests

    def begin_test(self, nodeid):
        self.deselected = set(_read_json_list(os.environ.get("DEEPDEBUG_DESELECT")))
        self._reports = []
        self._failures = {}
        self.write({"event": "test-start", "nodeid": nodeid})
        self.timeout.begin_test()
        if self.coverage is not None:
            self.coverage.start()

    def end_test(self, nodeid):
        coverage = self.coverage.stop() if self.coverage is not None else None
        self.timeout.end_test()
        result = self._result(nodeid)
        self.timeout.finished(result["durationMs"] / 1000.0, result["outcome"] == "timeout")
        if coverage is not None:
            result["coverage"] = coverage
        self.write({"event": "result", "result": result})

    def remember_failure(self, when, excinfo):
        self._failures[when] = self.failure_of(excinfo)

    def remember_report(self, report):
        self._reports.append(report)

    def _result(self, nodeid):
        duration = sum(getattr(report, "duration", 0.0) for report in self._reports)
        result = {"nodeid": nodeid, "outcome": "passed", "phase": "call", "durationMs": round(duration * 1000, 3), "frames": []}
        for report in self._reports:
            outcome = self._outcome_of(report)
            if outcome == "passed":
                continue
            result["outcome"] = outcome
            result["phase"] = report.when
            if report.failed:
                failure = self._failures.get(report.when)
                if failure is not None:
                    result["exception"] = failure["exception"]
                    result["message"] = failure["message"]
                    result["frames"] = failure["frames"]
                    if failure["timeout"]:
                        result["outcome"] = "timeout"
                result["longrepr"] = str(report.longrepr)
            break
        return result

    @staticmethod
    def _outcome_of(report):
        xfail = hasattr(report, "wasxfail")
        if report.passed:
            return "xpassed" if xfail and report.when == "call" else "passed"
        if report.skipped:
            return "xfailed" if xfail else "skipped"
        return "failed" if report.when == "call" else "error"

    # Collection

    def collection_error(self, report, excinfo):
        result = {"nodeid": report.nodeid, "outcome": "error", "phase": "collect", "durationMs": 0, "frames": []}
        if excinfo is not None:
            failure = self.failure_of(excinfo)
            result["exception"] = failure["exception"]
            result["message"] = failure["message"]
            result["frames"] = failure["frames"]
        result["longrepr"] = str(report.longrepr)
        self.write({"event": "result", "result": result})


_recorder = None

# The settings above; other DEEPDEBUG_* variables belong to the user's tests and stay.
_SETTINGS = ("DEEPDEBUG_REPORT", "DEEPDEBUG_WORKSPACE", "DEEPDEBUG_COVERAGE", "DEEPDEBUG_TIMEOUT",
             "DEEPDEBUG_FAULT", "DEEPDEBUG_DESELECT")


def pytest_configure(config):
    global _recorder
    if os.environ.get("DEEPDEBUG_REPORT") and _recorder is None:
        _recorder = Recorder(config)
        _keep_plugins_out_of_workspace(config, os.path.dirname(os.environ["DEEPDEBUG_REPORT"]))
        # Subprocesses the tests start (a nested pytest) must not write into our report.
        for name in _SETTINGS:
            os.environ.pop(name, None)


def pytest_unconfigure(config):
    global _recorder
    if _recorder is not None and _recorder.config is config:
        _recorder.close()
        _recorder = None


def _keep_plugins_out_of_workspace(config, scratch):
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


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield
    report = outcome.get_result()
    if _recorder is not None and report.failed:
        # The exception is only reachable here: pytest drops `call` before pytest_collectreport.
        call = getattr(report, "call", None)
        _recorder.collection_error(report, call.excinfo if call is not None else None)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session, config, items):
    # trylast: after -k/-m, so the count of deselected tests stays pytest's own.
    if _recorder is None or not _recorder.deselected:
        return
    kept = [item for item in items if item.nodeid not in _recorder.deselected]
    dropped = [item for item in items if item.nodeid in _recorder.deselected]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def pytest_collection_finish(session):
    if _recorder is not None:
        _recorder.write({"event": "collected", "count": len(session.items)})


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    if _recorder is None:
        yield
        return
    _recorder.begin_test(item.nodeid)
    try:
        yield
    finally:
        _recorder.end_test(item.nodeid)


def _timed_phase(fresh_budget):
    if _recorder is None:
        yield
        return
    _recorder.timeout.arm(fresh_budget)
    try:
        yield
    finally:
        _recorder.timeout.disarm()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    yield from _timed_phase(fresh_budget=False)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    yield from _timed_phase(fresh_budget=False)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item, nextitem):
    # Teardown gets a budget of its own so cleanup still runs after a timed-out test.
    yield from _timed_phase(fresh_budget=True)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if _recorder is not None and call.excinfo is not None and report.failed:
        _recorder.remember_failure(call.when, call.excinfo)


def pytest_runtest_logreport(report):
    if _recorder is not None and report.when in ("setup", "call", "teardown"):
        _recorder.remember_report(report)


def pytest_sessionfinish(session, exitstatus):
    if _recorder is not None:
        _recorder.write({"event": "finish", "exitstatus": int(exitstatus)})
