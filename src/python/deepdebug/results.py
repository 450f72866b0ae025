"""What a test did, as both the plugin (the first run) and the worker (each candidate) report it.

One owner for these rules: a test's outcome from pytest's reports of its phases, and how a
failure's frames and locals are put into words. Which files are the user's is ``workspace``'s
rule (it imports no pytest, so the engine can ask it about traceback text too).
"""

from __future__ import annotations

import linecache
import os
from types import TracebackType
from typing import Any, Dict, Iterable, List, Optional, Tuple

from .wire import Frame, LocalType, Outcome, Phase
from .workspace import Workspace

try:
    from _pytest._io.saferepr import saferepr as _saferepr
except ImportError:  # pytest moved it: fall back to a plain bounded repr
    _saferepr = None  # type: ignore[assignment]

LOCAL_REPR_LIMIT = 240
MESSAGE_LINE_LIMIT = 20
MESSAGE_CHAR_LIMIT = 4000
MAX_LOCALS = 50
# Attribute names kept per local: enough to pick a misread one from, bounded like the reprs.
MAX_ATTRIBUTES = 20


def outcome_of(reports: Iterable[Any]) -> Tuple[Outcome, Phase, Optional[Any], float]:
    """(outcome, phase, the report that failed or None, duration ms) from one item's setup, call
    and teardown reports. A failure in any phase wins over a skip or an expected failure before
    it (an xfailed test whose teardown fails is an error, as pytest counts it); the first
    failure names the phase."""
    duration = 0.0
    outcome: Outcome = "passed"
    phase: Phase = "call"
    failed = None
    for report in reports:
        duration += getattr(report, "duration", 0.0)
        if failed is not None:
            continue
        if report.failed:
            outcome = "failed" if report.when == "call" else "error"
            phase = report.when
            failed = report
        elif report.skipped and outcome == "passed":
            outcome = "xfailed" if hasattr(report, "wasxfail") else "skipped"
            phase = report.when
        elif report.passed and report.when == "call" and hasattr(report, "wasxfail") and outcome == "passed":
            outcome = "xpassed"
    return outcome, phase, failed, duration * 1000.0


# Frames of pytest's machinery and of this package (timeout, tracer) say nothing about the bug.
_INTERNAL_MARKERS = (os.sep + "_pytest" + os.sep, os.sep + "pluggy" + os.sep)
_PACKAGE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def is_internal(filename: str) -> bool:
    return (
        filename.startswith("<frozen")
        or any(marker in filename for marker in _INTERNAL_MARKERS)
        or os.path.abspath(filename).startswith(_PACKAGE)
    )


def bounded_repr(value: object) -> str:
    if _saferepr is not None:
        return _saferepr(value, maxsize=LOCAL_REPR_LIMIT)
    try:
        text = repr(value)
    except BaseException as error:  # a broken __repr__ must not break the report
        text = "<repr failed: %s>" % type(error).__name__
    if len(text) > LOCAL_REPR_LIMIT:
        text = text[: LOCAL_REPR_LIMIT - 3] + "..."
    return text


def message_of(value: BaseException) -> str:
    """The first lines of an exception's message."""
    try:
        text = str(value)
    except BaseException as error:
        text = "<str failed: %s>" % type(error).__name__
    lines = text.splitlines()[:MESSAGE_LINE_LIMIT]
    return "\n".join(lines)[:MESSAGE_CHAR_LIMIT]


def root_exception(value: BaseException) -> BaseException:
    """The user's exception behind pytest's CollectError wrapper (raised `from` it)."""
    seen = 0
    while type(value).__name__ == "CollectError" and value.__cause__ is not None and seen < 5:
        value = value.__cause__
        seen += 1
    return value


def frames_of(workspace: Workspace, traceback: Optional[TracebackType], with_locals: bool = True) -> List[Frame]:
    """A traceback's frames, innermost last, without pytest's and our own."""
    frames: List[Frame] = []
    while traceback is not None:
        if not is_internal(traceback.tb_frame.f_code.co_filename):
            frames.append(_frame(workspace, traceback.tb_frame, traceback.tb_lineno, with_locals))
        traceback = traceback.tb_next
    return frames


def crash_site(workspace: Workspace, value: BaseException) -> Tuple[str, Optional[str]]:
    """(the exception's class name, "function (file)" of the innermost frame in the user's code
    or None): what the engine compares to decide whether a test fails the same way in the
    validator's world as in the user's run (the frame as ``frames_of`` names it, without locals).
    The function, not the line: where in a function a RecursionError strikes depends on how
    deep the stack already was, which differs between the two runs."""
    value = root_exception(value)
    where: Optional[str] = None
    traceback = value.__traceback__
    while traceback is not None:
        filename = traceback.tb_frame.f_code.co_filename
        if not is_internal(filename):
            relative = workspace.relative(filename)
            if relative is not None:
                where = "%s (%s)" % (traceback.tb_frame.f_code.co_name, relative)
        traceback = traceback.tb_next
    return type(value).__name__, where


def syntax_error_frame(workspace: Workspace, error: SyntaxError) -> Frame:
    """The parser's error has no frame of its own: one at the offending line."""
    file, in_workspace = workspace.display(error.filename or "<unknown>")
    frame: Frame = {"file": file, "line": error.lineno or 1, "function": "<module>", "inWorkspace": in_workspace}
    if error.text and error.text.strip():
        frame["source"] = error.text.strip()
    return frame


def _frame(workspace: Workspace, frame: Any, line: int, with_locals: bool) -> Frame:
    file, in_workspace = workspace.display(frame.f_code.co_filename)
    result: Frame = {"file": file, "line": line, "function": frame.f_code.co_name, "inWorkspace": in_workspace}
    source = linecache.getline(frame.f_code.co_filename, line, frame.f_globals).strip()
    if source:
        result["source"] = source
    # A module frame's locals are its globals: imports and functions, not evidence.
    if with_locals and frame.f_code.co_name != "<module>":
        result["locals"], result["localTypes"] = _locals_of(frame)
    return result


def _locals_of(frame: Any) -> Tuple[Dict[str, str], Dict[str, LocalType]]:
    shown: Dict[str, str] = {}
    types: Dict[str, LocalType] = {}
    for name, value in list(frame.f_locals.items()):
        # Skip builtins and the temporaries of pytest's assertion rewriting.
        if name == "__builtins__" or name.startswith("@py_"):
            continue
        if len(shown) >= MAX_LOCALS:
            break
        shown[name] = bounded_repr(value)
        types[name] = local_type(value)
    return shown, types


def local_type(value: object) -> LocalType:
    """The value's class name and, for an instance of a class of its own (not a builtin's),
    the public attributes it can be read by: instance data, slots, dataclass fields and
    properties. Read from dictionaries only, so no property or __getattr__ runs."""
    cls = type(value)
    described: LocalType = {"type": cls.__qualname__}
    if cls.__module__ == "builtins":
        return described
    names: List[str] = []
    try:
        data = vars(value)
    except Exception:  # no __dict__ (slots only), or a broken one: the report must not fail
        data = {}
    for klass in cls.__mro__[:-1]:
        names.extend(getattr(klass, "__dataclass_fields__", {}))
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
        names.extend(key for key, member in klass.__dict__.items() if isinstance(member, property))
    names[:0] = list(data)
    public = [name for name in dict.fromkeys(names) if isinstance(name, str) and not name.startswith("_")]
    described["attributes"] = public[:MAX_ATTRIBUTES]
    return described
