"""Values as the recorder and the replay compare and show them: a canonical text (equal values,
equal texts, even across processes, where a repr holds addresses), a short text for people, and
Python source where the value is a literal (for a test the user may add)."""

from __future__ import annotations

import ast
import base64
import hashlib
import math
import pickle
import re
import reprlib
from collections.abc import Iterator
from typing import Any, Dict, Optional, Set, Tuple

from .wire import CallInput, CallOutcome

# Past these a value has no canonical text: comparing it would cost more than it tells.
CANONICAL_CHARS = 4096
CANONICAL_DEPTH = 8
SHOWN_CHARS = 60
CALL_SHOWN_CHARS = 120
LITERAL_CHARS = 200

ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")

Args = Tuple[Tuple[Any, ...], Dict[str, Any]]


class NotComparable(Exception):
    """The value has no canonical text within the bounds."""


def canonical(value: Any) -> Optional[str]:
    """A text equal for equal values (dicts and sets in a fixed order, objects without a repr of
    their own by their attributes); None for iterators, cycles and values past the bounds."""
    try:
        return _Canonical().text(value, 0)
    except NotComparable:
        return None
    except Exception:  # noqa: BLE001 - a user's __repr__ or __eq__ that raises
        return None


class _Canonical:
    def __init__(self) -> None:
        self.budget = CANONICAL_CHARS
        self.open: Set[int] = set()

    def text(self, value: Any, depth: int) -> str:
        if depth > CANONICAL_DEPTH or id(value) in self.open:
            raise NotComparable()
        if whole_number(value):
            return self.spend(f"number:{int(value)}")
        if value is None or isinstance(value, (bool, int, float, complex, str, bytes)):
            return self.spend(f"{type(value).__name__}:{value!r}")
        if isinstance(value, type):
            return self.spend(f"type:{value.__module__}.{value.__qualname__}")
        if isinstance(value, Iterator):
            raise NotComparable()  # consuming it to compare would change it
        self.open.add(id(value))
        try:
            return self.spend(self.container(value, depth))
        finally:
            self.open.discard(id(value))

    def container(self, value: Any, depth: int) -> str:
        kind = type(value).__qualname__
        if isinstance(value, (list, tuple)):
            return f"{kind}[{','.join(self.text(item, depth + 1) for item in value)}]"
        if isinstance(value, dict):
            # Order does not make them differ: the items' own texts sort them.
            return f"{kind}{{{','.join(sorted(self.text(k, depth + 1) + ':' + self.text(v, depth + 1) for k, v in value.items()))}}}"
        if isinstance(value, (set, frozenset)):
            return f"{kind}{{{','.join(sorted(self.text(item, depth + 1) for item in value))}}}"
        kind = f"{type(value).__module__}.{kind}"
        if isinstance(value, BaseException):
            return f"{kind}({self.text(value.args, depth + 1)})"
        shown = repr(value)
        if not ADDRESS.search(shown):
            return f"{kind}:{shown}"
        # The default repr names an address, different in every process: the attributes instead.
        attributes = getattr(value, "__dict__", None)
        if not isinstance(attributes, dict):
            raise NotComparable()
        return f"{kind}({self.text(attributes, depth + 1)})"

    def spend(self, text: str) -> str:
        self.budget -= len(text)
        if self.budget < 0:
            raise NotComparable()
        return text


def whole_number(value: Any) -> bool:
    """An int, or a float equal to one: 3 and 3.0 are equal to a test's ==, so one canonical text."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return isinstance(value, int) or (math.isfinite(value) and value.is_integer())


def digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


_short = reprlib.Repr()
_short.maxstring = 40
_short.maxother = 40
_short.maxlist = _short.maxtuple = _short.maxdict = _short.maxset = 6
_short.maxlevel = 3


def shown(value: Any) -> str:
    """A short text of the value for people: reprlib's, addresses left out; an object whose repr
    is the default one by its attributes, as canonical compares it (`Cart(items=['b', 'a'])`)."""
    try:
        text = _short.repr(value)
        attributes = getattr(value, "__dict__", None)
        if ADDRESS.search(text) and isinstance(attributes, dict) and not isinstance(value, type):
            fields = ", ".join(f"{name}={_short.repr(item)}" for name, item in list(attributes.items())[: _short.maxdict])
            text = f"{type(value).__qualname__}({fields})"
        text = ADDRESS.sub("", text)
    except Exception:  # noqa: BLE001 - a user's __repr__ that raises
        text = f"<{type(value).__qualname__}>"
    return _bounded(text, SHOWN_CHARS)


def literal(value: Any) -> Optional[str]:
    """The value as Python source that evaluates to an equal value of the same type, where its
    repr is a literal (numbers, strings, None and containers of them); else None."""
    try:
        text = repr(value)
        if len(text) > LITERAL_CHARS:
            return None
        back = ast.literal_eval(text)
        return text if type(back) is type(value) and back == value else None
    except Exception:  # noqa: BLE001 - not a literal, or a user's __repr__ or __eq__ that raises
        return None


def _bounded(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def call_input(name: str, args: Args, data: bytes) -> CallInput:
    """A call of ``name`` with ``args`` (pickled as ``data``) as the wire carries it."""
    positional, keywords = args
    parts = [shown(value) for value in positional] + [f"{key}={shown(value)}" for key, value in keywords.items()]
    call: CallInput = {"args": base64.b64encode(data).decode("ascii"), "shown": _bounded(f"{name}({', '.join(parts)})", CALL_SHOWN_CHARS)}
    literals = [literal(value) for value in positional] + [literal(value) for value in keywords.values()]
    if all(text is not None for text in literals):
        names = [""] * len(positional) + [f"{key}=" for key in keywords]
        call["literal"] = ", ".join(f"{key}{text}" for key, text in zip(names, literals))
    return call


def pickled(args: Args) -> bytes:
    return pickle.dumps(args, protocol=4)


def unpickled(encoded: str) -> Args:
    return loaded(base64.b64decode(encoded))


def loaded(data: bytes) -> Args:
    positional, keywords = pickle.loads(data)  # noqa: S301 - our own recording, read in the contained child
    return tuple(positional), dict(keywords)


def outcome_digest(status: str, value: Any, args_after: Args) -> Optional[str]:
    """What two runs of a call must share to behave alike: how it ended, its result (or
    exception) and its arguments after it (a function may answer by changing them)."""
    result, after = canonical(value), canonical(args_after)
    return None if result is None or after is None else digest(f"{status}|{result}|{after}")


def returned(value: Any, args_before: Optional[str], args_after: Args) -> CallOutcome:
    return _outcome("returned", value, shown(value), literal(value), args_before, args_after)


def raised(error: BaseException, args_before: Optional[str], args_after: Args) -> CallOutcome:
    message = str(error)
    text = f"raises {type(error).__name__}" + (f": {message}" if message else "")
    # A builtin exception can be named in a test without an import.
    name = type(error).__name__ if type(error).__module__ == "builtins" else None
    return _outcome("raised", error, _bounded(text, SHOWN_CHARS), name, args_before, args_after)


def _outcome(status: str, value: Any, text: str, source: Optional[str], args_before: Optional[str], args_after: Args) -> CallOutcome:
    found = outcome_digest(status, value, args_after)
    if found is None:
        return {"status": "error", "digest": "", "shown": f"{text} (not comparable)"}
    if args_before is not None and canonical(args_after) != args_before:
        # The change to its arguments is part of what it did; a test pinning only the result would miss it.
        text = _bounded(f"{text}; arguments after: {', '.join(shown(v) for v in args_after[0])}", SHOWN_CHARS * 2)
        source = None
    outcome: CallOutcome = {"status": "returned" if status == "returned" else "raised", "digest": found, "shown": text}
    if source is not None:
        outcome["literal"] = source
    return outcome
