"""A candidate patch made ready in the worker (prepare_patch) and applied in its child
(install_patch): by a code swap, by re-executing the module, or served to a later import."""

from __future__ import annotations

import codecs
import linecache
import os
import sys
from importlib.machinery import PathFinder, SourceFileLoader
from importlib.util import spec_from_file_location
from typing import Any, Dict, List, Optional, Tuple, Union

from .fork_server import live_object, live_ref
from .hotswap import SwapStep, plan_confined_swap, plan_swap, plan_swap_step, swap_in
from .sources import OriginalFile, PatchedText, PatchError, same_file
from .wire import PatchFields, PatchMethod

MODULE_DUNDERS = {
    "__name__",
    "__file__",
    "__loader__",
    "__spec__",
    "__package__",
    "__path__",
    "__cached__",
    "__builtins__",
}


def reexec(module: Any, code: Any, workspace_modules: List[Any]) -> None:
    """Run the patched module text in the existing module object, then point references that
    other workspace modules hold (``from m import f``) at the new objects."""
    before = dict(vars(module))
    # A fresh namespace, as an import would give: names the patch deleted must not survive.
    for name in list(vars(module)):
        if name not in MODULE_DUNDERS:
            del module.__dict__[name]
    try:
        exec(code, module.__dict__)  # noqa: S102 - executing the candidate is the point
    except BaseException as error:  # noqa: BLE001 - any failure is the candidate's
        raise PatchError(f"patched module failed to load: {type(error).__name__}: {error}") from error
    replaced: Dict[int, Tuple[Any, Any]] = {}
    for name, old in before.items():
        new = module.__dict__.get(name)
        if new is not old and getattr(old, "__module__", None) == module.__name__:
            replaced[id(old)] = (old, new)
            if hasattr(old, "__code__") and hasattr(new, "__code__"):
                # Keeps references held in containers (registries, pytest items) up to date.
                if old.__code__.co_freevars == new.__code__.co_freevars:
                    old.__code__ = new.__code__
                    old.__defaults__, old.__kwdefaults__ = new.__defaults__, new.__kwdefaults__
    if not replaced:
        return
    for other in workspace_modules:
        if other is module:
            continue
        namespace = vars(other)
        for name, value in list(namespace.items()):
            hit = replaced.get(id(value))
            if hit is not None and hit[0] is value:
                namespace[name] = hit[1]


class PatchedSourceLoader(SourceFileLoader):
    def __init__(self, fullname: str, path: str, source: bytes) -> None:
        super().__init__(fullname, path)
        self.source = source

    def get_data(self, path: str) -> bytes:
        if same_file(path, os.path.realpath(self.path)):
            return self.source
        return super().get_data(path)


class PatchedSourceFinder:
    """Serves the patched file (its bytes, in its declared encoding) to modules imported after
    the patch (lazy imports)."""

    def __init__(self, path: str, source: bytes) -> None:
        self.path = path
        self.source = source

    def find_spec(self, fullname: str, search_path: Any = None, target: Any = None) -> Any:
        spec = PathFinder.find_spec(fullname, search_path)
        origin = None if spec is None else spec.origin
        if spec is None or origin is None or not same_file(origin, self.path):
            return None
        return spec_from_file_location(
            fullname,
            origin,
            loader=PatchedSourceLoader(fullname, origin, self.source),
            submodule_search_locations=spec.submodule_search_locations,
        )


class PreparedPatch:
    """A candidate made ready in the worker before the fork: parsed, checked, compiled and, where
    it can be, planned as a swap, so the child only installs it. Every page a forked child
    writes is copied first (~40 us each on this project's reference machine); the worker's own
    pages are only re-marked writable."""

    def __init__(self, patched: PatchedText, loaded: List[Any], steps: Optional[List[SwapStep]], codes: List[Any]) -> None:
        self.path = patched.path
        self.size = len(patched.source)
        self.lines = patched.source.splitlines(True)
        self.data = patched.data
        # The live modules executed from the file (none: it is imported after the patch).
        self.loaded = loaded
        # One swap per live module, or None where a swap cannot express the edit.
        self.steps = steps
        # Each live module's new code, for a re-execution; empty where a swap cannot fail.
        self.codes = codes


def prepare_patch(request: PatchFields, original: Union[OriginalFile, str]) -> PreparedPatch:
    """Everything about applying the candidate that executes none of its code (in the worker);
    ``original`` is the file it patches, or why that cannot be read."""
    if isinstance(original, str):
        raise PatchError(original)
    patched = PatchedText(request["source"], original.path)
    if codecs.lookup(patched.encoding).name != codecs.lookup(original.encoding).name:
        raise PatchError(f"the patch changes the file's encoding declaration ({original.encoding})")
    loaded = [sys.modules[name] for name in original.modules if name in sys.modules]
    if not loaded:
        patched.code_for(None)  # a candidate that does not compile runs nothing
    steps: Optional[List[SwapStep]] = None
    plan = None
    if loaded:
        qualname, start_line = request["function"], request["startLine"]
        plan = plan_confined_swap(original, patched, qualname, start_line) or plan_swap(original, patched.tree, qualname, start_line)
    if plan is not None:
        planned = [plan_swap_step(module, plan, patched) for module in loaded]
        steps = [step for step in planned if step is not None] if all(planned) else None
    # A swap falls back to re-executing the module when its new defaults fail to evaluate.
    fallible = steps is None or any(step.defaults is not None for step in steps)
    codes = [patched.code_for(module) for module in loaded] if fallible else []
    return PreparedPatch(patched, loaded, steps, codes)


# A prepared patch as its child's job carries it: plain data, code and the addresses of the
# project's live objects (see fork_server.py), which marshal writes and reads with few allocations.
PatchJob = Tuple[Any, ...]


def patch_job(prepared: PreparedPatch) -> PatchJob:
    steps = None
    if prepared.steps is not None:
        steps = [
            (
                live_ref(step.module),
                live_ref(step.container),
                [live_ref(f) for f in step.live],
                step.new_code,
                [(live_ref(f), code) for f, code in step.escaped],
                step.defaults,
            )
            for step in prepared.steps
        ]
    loaded = [live_ref(module) for module in prepared.loaded]
    return (prepared.path, prepared.size, prepared.lines, prepared.data, loaded, steps, prepared.codes)


def prepared_from_job(job: PatchJob) -> PreparedPatch:
    """In the child: the prepared patch its job carries."""
    path, size, lines, data, loaded, steps, codes = job
    prepared = PreparedPatch.__new__(PreparedPatch)
    prepared.path, prepared.size, prepared.lines, prepared.data = path, size, lines, data
    prepared.loaded = [live_object(ref) for ref in loaded]
    prepared.steps = None
    if steps is not None:
        prepared.steps = [
            SwapStep(
                live_object(module),
                live_object(container),
                [live_object(f) for f in live],
                new_code,
                [(live_object(f), code) for f, code in escaped],
                defaults,
            )
            for module, container, live, new_code, escaped, defaults in steps
        ]
    prepared.codes = codes
    return prepared


def install_patch(prepared: PreparedPatch, workspace_modules: List[str]) -> PatchMethod:
    """Applies the prepared candidate in this (child) process; returns how: swap, reexec or
    import. ``workspace_modules``: the names of the modules loaded from the workspace."""
    path = prepared.path
    linecache.cache[path] = (prepared.size, None, prepared.lines, path)
    sys.meta_path.insert(0, PatchedSourceFinder(path, prepared.data))
    if not prepared.loaded:
        return "import"
    if prepared.steps is not None and all(swap_in(step) for step in prepared.steps):
        return "swap"
    in_workspace = [sys.modules[name] for name in workspace_modules if name in sys.modules]
    for module, code in zip(prepared.loaded, prepared.codes):
        reexec(module, code, in_workspace)
    return "reexec"
