"""New inputs for a suspect function, derived from the arguments its recorded calls had: one
argument at a time changed a little (a neighbouring number, a shorter or reordered sequence, an
empty one, None where the signature allows it). Validated patches that agree on the tests may
answer them differently: those are the inputs a person can settle."""

from __future__ import annotations

import inspect
from typing import Any, Iterator, List, Optional, Set

from . import values
from .wire import CallInput


def neighbours(value: Any) -> List[Any]:
    """Values near ``value`` of its own type; none for types it knows nothing about."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, (int, float)):
        return [value - 1, value + 1, 0 if isinstance(value, int) else 0.0]
    if isinstance(value, (str, bytes, list, tuple)) and len(value) > 0:
        return [value[:-1], value[1:], value[::-1], value[:0]]
    if isinstance(value, dict) and value:
        return [dict(list(value.items())[:-1]), {}]
    return []


def none_allowed(function: Any) -> Set[str]:
    """The parameters that take None: defaulting to it, or annotated Optional (or ``| None``)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return set()
    return {p.name for p in parameters if p.default is None or any(word in str(p.annotation) for word in ("Optional", "None"))}


def variants(args: values.Args, names: List[str], nullable: Set[str]) -> Iterator[values.Args]:
    """``args`` with one argument replaced by each of its neighbours (and by None where allowed)."""
    positional, keywords = args
    for index, value in enumerate(positional):
        choices = neighbours(value) + ([None] if index < len(names) and names[index] in nullable and value is not None else [])
        for choice in choices:
            yield positional[:index] + (choice,) + positional[index + 1 :], keywords
    for key, value in keywords.items():
        choices = neighbours(value) + ([None] if key in nullable and value is not None else [])
        for choice in choices:
            yield positional, {**keywords, key: choice}


def derived_inputs(name: str, function: Any, recorded: List[str], limit: int) -> List[CallInput]:
    """Up to ``limit`` new inputs, distinct from each other and from the recorded calls, taken
    from the recorded calls in turn so that each contributes."""
    names = list(function.__code__.co_varnames[: function.__code__.co_argcount])
    nullable = none_allowed(function)
    seen = set()
    sources: List[Iterator[values.Args]] = []
    for encoded in recorded:
        args = values.unpickled(encoded)
        seen.add(values.pickled(args))
        sources.append(variants(args, names, nullable))
    found: List[CallInput] = []
    while sources and len(found) < limit:
        for source in list(sources):
            variant: Optional[values.Args] = next(source, None)
            if variant is None:
                sources.remove(source)
                continue
            data = pickled_or_none(variant)
            if data is not None and data not in seen:
                seen.add(data)
                found.append(values.call_input(name, variant, data))
                if len(found) >= limit:
                    break
    return found


def pickled_or_none(args: values.Args) -> Optional[bytes]:
    try:
        return values.pickled(args)
    except Exception:  # noqa: BLE001 - a value that pickled once may still refuse in a new shape
        return None
