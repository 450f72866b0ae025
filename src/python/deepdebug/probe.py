"""Angelic probes: a suspect condition replaced by a call here (src/core/synth/probe.ts) returns
its own value or the one a schedule forces, and records what each evaluation saw.

The worker never calls ``flip``, so each candidate's child starts with no evaluations counted:
the numbers a schedule names are those of one child's run of the tests."""

from __future__ import annotations

import math
import os
from typing import Callable, Dict, List, Mapping, Optional, Tuple, Union

from .wire import ProbeEvaluation, ProbeValue

# Evaluations recorded, and names per evaluation: enough to synthesize a condition from.
MAX_RECORDED = 64
MAX_NAMES = 16
# A forced loop condition can spin forever: past this many evaluations the test fails at once
# instead of running into the candidate's wall limit.
MAX_EVALUATIONS = 10_000
# Integers JSON carries to JavaScript exactly.
MAX_SAFE_INT = 2**53 - 1

_evaluations = 0
_recorded: List[ProbeEvaluation] = []


class ProbeLimit(Exception):
    pass


def flip(site: int, test: Callable[[], object], scope: Mapping[str, object], schedule: Union[bool, Tuple[int, ...]]) -> bool:
    """The condition's value at this evaluation: ``schedule`` itself when it is a bool (always
    that value), else the condition's own value, negated at the evaluation numbers it lists."""
    global _evaluations
    _evaluations += 1
    number = _evaluations
    if number > MAX_EVALUATIONS:
        raise ProbeLimit(f"probe: over {MAX_EVALUATIONS} evaluations")
    forced = isinstance(schedule, bool) or number in schedule
    original: Optional[bool]
    try:
        original = bool(test())
    except Exception:
        # A condition that raises where the schedule forces a value (a missing guard) still gives one.
        if not forced:
            raise
        original = None
    if isinstance(schedule, bool):
        returned = schedule
    else:
        returned = (not original) if forced else bool(original)
    if len(_recorded) < MAX_RECORDED:
        _recorded.append(
            {"site": site, "n": number, "test": current_test(), "value": original, "returned": returned, "locals": snapshot(scope)}
        )
    return returned


def evaluations() -> List[ProbeEvaluation]:
    return list(_recorded)


def current_test() -> str:
    """The running test's node id, as pytest (or the runner's direct call) announces it."""
    running = os.environ.get("PYTEST_CURRENT_TEST", "")
    return running.rsplit(" (", 1)[0]


def snapshot(scope: Mapping[str, object]) -> Dict[str, ProbeValue]:
    """The simple locals: numbers, strings, booleans, None, and ``len(name)`` of sized ones."""
    taken: Dict[str, ProbeValue] = {}
    for name, value in scope.items():
        if len(taken) >= MAX_NAMES:
            break
        if name.startswith("__"):
            continue
        simple = simple_value(value)
        if simple is not None or value is None:
            taken[name] = simple
        if isinstance(value, (str, bytes, list, tuple, dict, set, frozenset)) and len(taken) < MAX_NAMES:
            taken[f"len({name})"] = len(value)
    return taken


def simple_value(value: object) -> ProbeValue:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value if abs(value) <= MAX_SAFE_INT else None
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, str):
        return value if len(value) <= 200 else None
    return None
