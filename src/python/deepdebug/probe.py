"""Angelic probes: a suspect condition replaced by a call here (src/core/synth/probe.ts) returns
its own value or the one a schedule forces, and records what each evaluation saw; a suspect
value expression replaced by a call to ``value`` (src/core/synth/value-probe.ts) also reports
what each of a list of variants of it (``lambda v: v.lower()``...) gives at each evaluation.

The worker never calls ``flip`` or ``value``, so each candidate's child starts with no evaluations counted:
the numbers a schedule names are those of one child's run of the tests."""

from __future__ import annotations

import math
import os
import time
import types
from typing import Callable, Dict, Iterator, List, Mapping, Optional, Tuple, Union

from .wire import ProbeEvaluation, ProbeValue

# Evaluations recorded, and names per evaluation: enough to synthesize a condition from.
MAX_RECORDED = 64
MAX_NAMES = 16
# Fields of the locals' records recorded beside them (``row.kind``, ``row['kind']``), per evaluation.
MAX_ATTRIBUTES = 8
# A forced loop condition can spin forever: past this many evaluations the test fails at once
# instead of running into the candidate's wall limit.
MAX_EVALUATIONS = 10_000
# Integers JSON carries to JavaScript exactly.
MAX_SAFE_INT = 2**53 - 1
# Variants of a value evaluated per evaluation, the characters of a variant's value shown, and
# the time all variants of a child may take together: past it they are no longer evaluated.
MAX_VARIANTS = 160
MAX_SHOWN = 80
VARIANTS_SECONDS = 1.0
# A value's evaluations recorded per test: a loop in the failing tests leaves room for the others.
MAX_VALUES_PER_TEST = 8
# A variant's value equal to the expression's own.
SAME = "="

_evaluations = 0
_recorded: List[ProbeEvaluation] = []
_variants_seconds = 0.0
_per_test: Dict[str, int] = {}


def reset() -> None:
    """Forgets what the probes of one candidate recorded (a worker that runs candidates in place)."""
    global _evaluations, _variants_seconds
    _evaluations = 0
    _variants_seconds = 0.0
    _recorded.clear()
    _per_test.clear()


class ProbeLimit(Exception):
    pass


def counted() -> int:
    """This evaluation's number; a probe evaluated too often (a forced loop) fails its test."""
    global _evaluations
    _evaluations += 1
    if _evaluations > MAX_EVALUATIONS:
        raise ProbeLimit(f"probe: over {MAX_EVALUATIONS} evaluations")
    return _evaluations


def flip(site: int, test: Callable[[], object], scope: Mapping[str, object], schedule: Union[bool, Tuple[int, ...]]) -> bool:
    """The condition's value at this evaluation: ``schedule`` itself when it is a bool (always
    that value), else the condition's own value, negated at the evaluation numbers it lists."""
    number = counted()
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


Variant = Callable[[object], object]


def value(
    site: int, own: Callable[[], object], scope: Mapping[str, object], variants: Tuple[Variant, ...], schedule: Tuple[int, Tuple[str, ...]]
) -> object:
    """The expression's own value at this evaluation (raising as it raises), or, in the tests
    ``schedule[1]`` names, variant ``schedule[0]``'s value of it (the own value where that
    variant raises)."""
    number = counted()
    original = own()
    chosen, tests = schedule
    test = current_test()
    returned = original
    if test in tests and 0 <= chosen < len(variants):
        try:
            returned = variants[chosen](original)
        except Exception:
            pass
    if len(_recorded) < MAX_RECORDED and _per_test.get(test, 0) < MAX_VALUES_PER_TEST:
        _per_test[test] = _per_test.get(test, 0) + 1
        _recorded.append(
            {
                "site": site,
                "n": number,
                "test": test,
                "value": simple_value(original),
                "returned": simple_value(returned),
                "locals": snapshot(scope),
                "variants": variant_values(variants, original),
            }
        )
    return returned


def variant_values(variants: Tuple[Variant, ...], original: object) -> List[Optional[str]]:
    """Per variant, SAME where it gives the own value, else its value's repr, cut short; None
    where it raised or was not evaluated (an iterator, which a variant would use up; no time
    left)."""
    global _variants_seconds
    shown: List[Optional[str]] = []
    for variant in variants[:MAX_VARIANTS]:
        if isinstance(original, Iterator) or _variants_seconds > VARIANTS_SECONDS:
            shown.append(None)
            continue
        began = time.monotonic()
        try:
            result = variant(original)
            shown.append(SAME if same(result, original) else repr(result)[:MAX_SHOWN])
        except Exception:
            shown.append(None)
        _variants_seconds += time.monotonic() - began
    return shown


def same(a: object, b: object) -> bool:
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:
        return False


def evaluations() -> List[ProbeEvaluation]:
    return list(_recorded)


def current_test() -> str:
    """The running test's node id, as pytest (or the runner's direct call) announces it."""
    running = os.environ.get("PYTEST_CURRENT_TEST", "")
    return running.rsplit(" (", 1)[0]


def snapshot(scope: Mapping[str, object]) -> Dict[str, ProbeValue]:
    """The simple locals: numbers, strings, booleans, None, and ``len(name)`` of sized ones;
    then ``name.attribute`` and ``name['key']`` for the simple fields of the locals that are
    records, objects or dicts (a guard often reads a record's field)."""
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
    attributes = 0
    for name, value in scope.items():
        fields = instance_fields(value) if not name.startswith("__") else {}
        for field, item in fields.items():
            if attributes >= MAX_ATTRIBUTES:
                return taken
            simple = simple_value(item)
            if simple is not None or item is None:
                taken[f"{name}{field}"] = simple
                attributes += 1
    return taken


def instance_fields(value: object) -> Dict[str, object]:
    """A record's fields as source reads them: ``.name`` for an instance's own attributes (read
    without running its code: no properties, no __getattr__), ``['key']`` for a plain dict's
    string keys."""
    if type(value) is dict:
        return {f"[{key!r}]": item for key, item in value.items() if isinstance(key, str) and not key.startswith("_")}
    if isinstance(value, (type, types.ModuleType, types.FunctionType, types.MethodType)):
        return {}
    try:
        fields = object.__getattribute__(value, "__dict__")
    except AttributeError:
        return {}
    return {f".{name}": item for name, item in fields.items() if not name.startswith("_")} if isinstance(fields, dict) else {}


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
