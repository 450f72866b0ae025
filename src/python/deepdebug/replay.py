"""Calling the recorded calls and the derived inputs of the suspect functions again, in a child of
the worker, on the unpatched code or with a patch installed as a candidate's is: each call under
a time limit of its own, its outcome as values.py compares it, and whether the patched function
ran during it (a call that never reaches the patch says nothing of it)."""

from __future__ import annotations

import sys
from typing import Any, Callable, List, Optional, Tuple

from . import values
from .alarm import Alarm
from .wire import CallOutcome, CallTarget, ReplayRequest

Find = Callable[[CallTarget], Tuple[Any, Optional[str]]]


class CallTimeout(BaseException):
    """Raised in a call that ran past its limit (a BaseException: `except Exception` lets it through)."""


class Reached:
    """A profile hook that notes whether a code object ran, then steps aside."""

    def __init__(self, code: Any) -> None:
        self.code = code
        self.ran = False

    def hook(self, frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code is self.code:
            self.ran = True
            sys.setprofile(None)


def replay_calls(request: ReplayRequest, find: Find) -> List[CallOutcome]:
    """The outcome of each of the request's calls; ``find`` gives a target's live function (after
    the patch is installed: a re-executed module holds new functions)."""
    functions = [find(target)[0] for target in request["targets"]]
    patch = request["patch"]
    patched = None if patch is None else find({"file": patch["file"], "function": patch["function"], "startLine": patch["startLine"]})[0]
    code = None if patched is None else patched.__code__
    seconds = request["callTimeoutMs"] / 1000.0
    alarm = Alarm(CallTimeout, lambda: "")
    alarm.install()
    try:
        return [call_once(functions[call["target"]], call["args"], seconds, code, alarm) for call in request["calls"]]
    finally:
        alarm.uninstall()


def call_once(function: Any, encoded: str, seconds: float, patched_code: Any, alarm: Alarm) -> CallOutcome:
    if function is None:
        return {"status": "error", "digest": "", "shown": "not found in the live modules"}
    try:
        args = values.unpickled(encoded)
    except Exception as error:  # noqa: BLE001 - a class the patch removed, a changed __setstate__
        return {"status": "error", "digest": "", "shown": f"its arguments do not unpickle: {type(error).__name__}"}
    before = values.canonical(args)
    positional, keywords = args
    reached = None if patched_code is None else Reached(patched_code)
    try:
        if reached is not None:
            sys.setprofile(reached.hook)
        alarm.arm(seconds)
        try:
            result = function(*positional, **keywords)
        finally:
            alarm.disarm()
            sys.setprofile(None)
    except CallTimeout:
        return {"status": "timeout", "digest": "timeout", "shown": f"does not return within {seconds * 1000:.0f} ms"}
    except BaseException as error:  # noqa: BLE001 - how the call ended is what is compared
        outcome = values.raised(error, before, args)
    else:
        outcome = values.returned(result, before, args)
    if reached is not None:
        outcome["reached"] = reached.ran
    return outcome
