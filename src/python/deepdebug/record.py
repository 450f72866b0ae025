"""Recording the calls that passing tests make to the suspect functions, on the unpatched code, in
a child of the worker: a profile hook that looks only for the suspects' code objects keeps each
distinct call's arguments (pickled as the call began, so later changes to them do not count),
and how it ended (its result and its arguments after it, as values.outcome_digest compares
them). The replay (replay.py) calls them again on each validated patch. The failing tests then
run too, with the hook keeping their calls' arguments only: what the unpatched code gives there
is wrong, but their inputs are the ones the bug is about, and the new inputs derived from them
(derive.py) are where validated patches most often disagree."""

from __future__ import annotations

import dis
import inspect
import sys
from typing import Any, Callable, Dict, List, Optional, Set, Tuple

from . import values
from .derive import derived_inputs
from .wire import CallInput, CallTarget, RecordedCall, RecordedFunction, Recording, RecordRequest

# Flags of code whose call returns a generator or coroutine: calling it again runs nothing.
SUSPENDING = inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR | inspect.CO_ITERABLE_COROUTINE
# A frame whose last instruction is one of these returned; any other, an exception left it.
RETURNS = {dis.opmap[name] for name in ("RETURN_VALUE", "RETURN_CONST") if name in dis.opmap}
# Calls pickled per function, per call kept: a function whose arguments do not pickle (an
# object holding a lock, a socket) or repeat would otherwise cost a pickling attempt per call.
ATTEMPTS_PER_CALL = 5


def call_args(frame: Any) -> values.Args:
    """The arguments a frame's function was called with, from its locals as the call begins."""
    code = frame.f_code
    local = frame.f_locals
    names = code.co_varnames
    count, keyword_count = code.co_argcount, code.co_kwonlyargcount
    positional = [local[name] for name in names[:count]]
    keywords = {name: local[name] for name in names[count : count + keyword_count]}
    index = count + keyword_count
    if code.co_flags & inspect.CO_VARARGS:
        positional.extend(local[names[index]])
        index += 1
    if code.co_flags & inspect.CO_VARKEYWORDS:
        keywords.update(local[names[index]])
    return tuple(positional), keywords


class Target:
    """One suspect function's recording."""

    def __init__(self, target: CallTarget, function: Any, module: Optional[str], request: RecordRequest) -> None:
        self.function = function
        self.name = target["function"]
        self.max_calls = request["maxCalls"]
        self.max_bytes = request["maxArgBytes"]
        self.keys: Set[bytes] = set()
        self.seeds: List[str] = []
        self.attempts = 0
        self.report = function_report(target)
        if module is not None and "." not in self.name:
            self.report["module"] = module

    @property
    def done(self) -> bool:
        return len(self.report["calls"]) >= self.max_calls or self.attempts >= ATTEMPTS_PER_CALL * self.max_calls

    def begin(self, frame: Any) -> Optional[Tuple[values.Args, CallInput]]:
        """The call's arguments and how the wire carries them, when the call is one to keep."""
        if self.done:
            self.report["beyondLimit"] += 1
            return None
        self.attempts += 1
        kept = self.keep(frame)
        if kept is None:
            return None
        args, data = kept
        return args, values.call_input(self.name, args, data)

    def seed(self, frame: Any) -> None:
        """A failing test's call: its arguments seed the new inputs, nothing else."""
        if len(self.seeds) < self.max_calls:
            kept = self.keep(frame)
            if kept is not None:
                self.seeds.append(values.call_input(self.name, *kept)["args"])

    def keep(self, frame: Any) -> Optional[Tuple[values.Args, bytes]]:
        """The call's arguments and their pickled form, unless they do not pickle (or do not load
        back: a frozen dataclass with slots pickles, and refuses its own state), are too large or came before."""
        args = call_args(frame)
        try:
            data = values.pickled(args)
            values.loaded(data)
        except Exception:  # noqa: BLE001 - whatever a value's pickling or unpickling raises
            self.report["unpicklable"] += 1
            return None
        if len(data) > self.max_bytes:
            self.report["tooLarge"] += 1
            return None
        if data in self.keys:
            return None  # the same call again
        self.keys.add(data)
        return args, data

    def end(self, args: values.Args, call: CallInput, frame: Any, result: Any) -> None:
        if frame.f_code.co_code[frame.f_lasti] in RETURNS:
            found = values.outcome_digest("returned", result, args)
            if found is None:
                self.report["notComparable"] += 1
                return
            self.report["calls"].append(recorded(call, found))
        else:
            # The profile hook does not see the exception; the replay of the unpatched code does.
            self.report["calls"].append(recorded(call, None))


class Recorder:
    """The profile hook: cheap for every other function (one dict lookup per call)."""

    def __init__(self, targets: List[Target]) -> None:
        self.by_code = {t.function.__code__: t for t in targets if not t.function.__code__.co_flags & SUSPENDING}
        self.targets = targets
        self.open: Dict[int, Tuple[Target, values.Args, CallInput]] = {}
        self.seeding = False

    def hook(self, frame: Any, event: str, arg: Any) -> None:
        try:
            if event == "call" and self.seeding:
                seeded = self.by_code.get(frame.f_code)
                if seeded is not None:
                    seeded.seed(frame)
            elif event == "call":
                target = self.by_code.get(frame.f_code)
                if target is not None:
                    begun = target.begin(frame)
                    if begun is not None:
                        self.open[id(frame)] = (target, *begun)
            elif event == "return" and self.open:
                pending = self.open.pop(id(frame), None)
                if pending is not None:
                    target, args, call = pending
                    target.end(args, call, frame, arg)
                    if not self.open and all(t.done for t in self.by_code.values()):
                        sys.setprofile(None)  # nothing more to keep: the rest of the tests run at full speed
        except Exception:  # noqa: BLE001 - an error here would end the hook and surface in the test
            pass


def record_calls(
    request: RecordRequest,
    find: Callable[[CallTarget], Tuple[Any, Optional[str]]],
    run_tests: Callable[[], object],
    run_seeds: Callable[[], object],
) -> Recording:
    """Runs the passing tests, then the failing ones (``run_seeds``), with the hook on; ``find``
    gives a target's live function (None where it is not found) and its module's name."""
    targets: List[Target] = []
    reports: List[RecordedFunction] = []
    for wanted in request["targets"]:
        function, module = find(wanted)
        if function is None:
            reports.append(function_report(wanted, "not found in the live modules"))
            continue
        target = Target(wanted, function, module, request)
        if function.__code__.co_flags & SUSPENDING:
            target.report["note"] = "a generator or coroutine function: its calls are not replayed"
        targets.append(target)
        reports.append(target.report)
    recorder = Recorder(targets)
    if recorder.by_code:
        sys.setprofile(recorder.hook)
        try:
            run_tests()
            recorder.seeding = True
            sys.setprofile(recorder.hook)  # the hook turns itself off once every target has its calls
            run_seeds()
        finally:
            sys.setprofile(None)
    for target in targets:
        recorded_args = [call["args"] for call in target.report["calls"]]
        target.report["derived"] = derived_inputs(target.name, target.function, recorded_args + target.seeds, request["maxDerived"])
    return {"functions": reports}


def recorded(call: CallInput, digest: Optional[str]) -> RecordedCall:
    """The call as the recording holds it: a digest of how it ended, unless it raised."""
    kept: RecordedCall = {"args": call["args"], "shown": call["shown"], "raised": digest is None}
    if "literal" in call:
        kept["literal"] = call["literal"]
    if digest is not None:
        kept["digest"] = digest
    return kept


def function_report(target: CallTarget, note: Optional[str] = None) -> RecordedFunction:
    report: RecordedFunction = {
        "file": target["file"],
        "function": target["function"],
        "calls": [],
        "derived": [],
        "unpicklable": 0,
        "tooLarge": 0,
        "notComparable": 0,
        "beyondLimit": 0,
    }
    if note is not None:
        report["note"] = note
    return report
