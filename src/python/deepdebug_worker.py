"""DeepDebug validation worker: a pytest plugin that turns one live session into a server.

Loaded with ``-p deepdebug_worker`` in a pytest run started inside a shadow copy of the
workspace. Collection runs once, on the original code; then ``pytest_runtestloop`` serves
requests instead of running the tests. For each candidate patch it forks a child that applies
the patch to the live modules and runs the selected tests with pytest's runner protocol (or,
for a validate request, as plain calls where the protocol would do nothing else: see
direct_nodeids), so a candidate costs a fork and the tests themselves, not an interpreter
start, plugin discovery and collection.

Protocol: JSON lines. Requests arrive on the fd named first in DEEPDEBUG_WORKER_FDS, replies
leave on the second; stdout and stderr stay pytest's, so nothing a candidate prints can
corrupt the protocol. Requests:

- ``{"op": "check", "id", "tests", "timeoutMs", "memoryMb"}``: run tests on unpatched code.
- ``{"op": "validate", "id", "file", "source", "function", "startLine", "endLine",
  "failing", "passing", "covering", "timeoutMs", "memoryMb"}``: patch ``file`` (relative to
  the workspace) to ``source``, run every test of ``failing``, then, when at least one of them
  passed, ``passing`` (or only ``covering`` when the patch was a function-body swap), stopping
  at the first that fails.
- ``{"op": "cancel"}`` while a request runs: kill its child. ``{"op": "quit"}`` or EOF: exit.

check and validate also carry the candidate's limits: ``cpuSeconds`` (RLIMIT_CPU),
``fileSizeMb`` (RLIMIT_FSIZE) and ``nproc`` (an RLIMIT_NPROC allowance, or null where a pids
cgroup around the worker limits processes instead). After each request every process the
candidate left (the worker is their child subreaper) is killed.

The node ids to serve are listed in the JSON file named by DEEPDEBUG_WORKER_TESTS.

Replies: ``{"op": "ready", "collected", "missing", "pid"}`` once, then one
``{"op": "result", "id", "status": "done"|"timeout"|"crashed"|"canceled", "applied",
"patchError", "results": [{"nodeid", "outcome", "phase", "message", "durationMs", "direct"?}],
"detail", "durationMs"}`` per request.
"""

from __future__ import annotations

import __future__
import ast
import codecs
import functools
import gc
import inspect
import json
import linecache
import os
import resource
import select
import signal
import sys
import sysconfig
import threading
import time
import tokenize
import traceback
import types
import warnings
from importlib.machinery import PathFinder, SourceFileLoader
from importlib.util import spec_from_file_location
from typing import Any, Callable, Dict, FrozenSet, Iterable, List, Optional, Tuple, Union, cast

import pytest

from deepdebug_world import World, WorldError

PROTOCOL_ENV = "DEEPDEBUG_WORKER_FDS"
# A JSON file listing the node ids to serve: the session collects their whole files (a node id
# pytest cannot find would abort it) and reports the ids it did not collect as missing.
TESTS_ENV = "DEEPDEBUG_WORKER_TESTS"

# A candidate that writes a new file of the same size within the same second as the last one
# would otherwise get a stale .pyc; the worker also never needs bytecode caches.
sys.dont_write_bytecode = True


_prctl: Any = None
PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36


def _set_prctl(option: int, value: int) -> bool:
    """prctl on Linux; False elsewhere. The first call (in the worker) loads libc; children
    reuse it, as dlopen in every child costs ~30 ms."""
    global _prctl
    try:
        if _prctl is None:
            import ctypes

            _prctl = ctypes.CDLL(None, use_errno=True).prctl
        return _prctl(option, value) == 0
    except (OSError, AttributeError):
        return False


def _die_with_parent() -> None:
    """Ask Linux to kill this process when its parent dies (no-op elsewhere)."""
    _set_prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


# ---------------------------------------------------------------------------------------------
# Protocol I/O


class LineReader:
    """Reads JSON lines from a raw fd without buffering beyond what select can see."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = b""
        self.eof = False

    def pending_line(self) -> Optional[bytes]:
        if b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            return line
        return None

    def fill(self) -> None:
        chunk = os.read(self.fd, 65536)
        if chunk:
            self.buffer += chunk
        else:
            self.eof = True

    def read_message(self) -> Optional[Dict[str, Any]]:
        """Blocks for the next message; None at EOF."""
        while True:
            line = self.pending_line()
            if line is not None:
                if line.strip():
                    return json.loads(line)
                continue
            if self.eof:
                return None
            self.fill()


def send(fd: int, message: Dict[str, Any]) -> None:
    data = (json.dumps(message) + "\n").encode()
    while data:
        written = os.write(fd, data)
        data = data[written:]


# ---------------------------------------------------------------------------------------------
# Finding functions by qualified name


def functions_by_qualname(tree: ast.AST) -> Dict[str, List[ast.AST]]:
    """Every function and class in the module by its __qualname__ (several: e.g. property setters)."""
    found: Dict[str, List[ast.AST]] = {}

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                qualname = prefix + child.name
                found.setdefault(qualname, []).append(child)
                walk(child, qualname + ".<locals>.")
            elif isinstance(child, ast.ClassDef):
                qualname = prefix + child.name
                found.setdefault(qualname, []).append(child)
                walk(child, qualname + ".")
            else:
                walk(child, prefix)

    walk(tree, "")
    return found


def first_line(node: Any) -> int:
    """The line a def's code object starts on: its first decorator's, else the def's."""
    return min([node.lineno] + [d.lineno for d in node.decorator_list])


def pick_node(nodes: List[ast.AST], start_line: int) -> ast.AST:
    return min(nodes, key=lambda n: abs(first_line(n) - start_line))


def outermost_function(table: Dict[str, List[ast.AST]], qualname: str, start_line: int) -> Optional[Tuple[str, Any, Any]]:
    """(qualname, node) of the outermost function enclosing (or being) ``qualname``, and the
    target's own node: nested functions are rebuilt from their parent's code on every call, so
    swapping the parent's code covers them (escaped instances are handled by swap_in)."""
    if qualname not in table:
        return None
    target: Any = pick_node(table[qualname], start_line)
    parts = qualname.split(".")
    for end in range(1, len(parts) + 1):
        prefix = ".".join(parts[:end])
        nodes = table.get(prefix, [])
        if nodes and isinstance(nodes[0], (ast.FunctionDef, ast.AsyncFunctionDef)):
            # Among same-named defs (property getter and setter) take the one holding the target.
            for node in nodes:
                if first_line(node) <= target.lineno <= node.end_lineno:
                    return prefix, node, target
            return None
    return None


def without_node(tree: ast.AST, node: ast.AST) -> str:
    """Dump of ``tree`` with ``node`` replaced by ``pass`` (the tree is left as it was)."""
    for parent in ast.walk(tree):
        for _field, value in ast.iter_fields(parent):
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if item is node:
                        value[i] = ast.Pass()
                        try:
                            return ast.dump(tree)
                        finally:
                            value[i] = node
    return ast.dump(tree)


def find_code(code: Any, name: str, line: int) -> Optional[Any]:
    for const in code.co_consts:
        if hasattr(const, "co_code"):
            if const.co_name == name and const.co_firstlineno == line:
                return const
            nested = find_code(const, name, line)
            if nested is not None:
                return nested
    return None


def unwrap_all(value: Any) -> List[Any]:
    """The plain functions behind a class/module attribute: through staticmethod, classmethod,
    property and functools.wraps-style ``__wrapped__`` chains."""
    pending = [value]
    functions: List[Any] = []
    seen = set()
    while pending:
        obj = pending.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, (staticmethod, classmethod)):
            pending.append(obj.__func__)
        elif isinstance(obj, property):
            pending.extend(f for f in (obj.fget, obj.fset, obj.fdel) if f is not None)
        else:
            if hasattr(obj, "__code__") and hasattr(obj, "__closure__"):
                functions.append(obj)
            wrapped = getattr(obj, "__wrapped__", None)
            if wrapped is not None:
                pending.append(wrapped)
    return functions


# ---------------------------------------------------------------------------------------------
# Applying a patch inside the child


class PatchError(Exception):
    """The candidate itself is broken (syntax error, module fails to execute)."""


def same_file(a: Optional[str], b: str) -> bool:
    return a is not None and real_path(a) == b


# Code objects' file names, resolved once: they name the same files for the worker's life.
real_path = functools.lru_cache(maxsize=None)(os.path.realpath)


def modules_by_file() -> Dict[str, List[str]]:
    """Real path of a file -> names of the loaded modules executed from it. Computed once in the
    worker (its modules do not change after collection) so children skip the stat calls."""
    found: Dict[str, List[str]] = {}
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if isinstance(file, str):
            found.setdefault(os.path.realpath(file), []).append(name)
    return found


def declared_encoding(source: str) -> str:
    """The codec the text's PEP 263 declaration names (first two lines), else UTF-8, as the
    import system would read the file; a BOM is part of the text, not a second encoding."""
    return encoding_of_head(tuple(source.splitlines(True)[:2]))


@functools.lru_cache(maxsize=64)
def encoding_of_head(head: Tuple[str, ...]) -> str:
    """declared_encoding of a text's first two lines; the same for nearly every candidate of a file."""
    lines = iter(line.encode("utf-8") for line in head)
    try:
        encoding, _ = tokenize.detect_encoding(lambda: next(lines, b""))
    except SyntaxError as error:
        raise PatchError(f"SyntaxError: {error.msg}") from error
    return "utf-8" if encoding == "utf-8-sig" else encoding


def unparsable(error: BaseException) -> PatchError:
    """The candidate's text does not parse or compile."""
    if isinstance(error, SyntaxError):
        return PatchError(f"SyntaxError: {error.msg} (line {error.lineno})")
    return PatchError(f"{type(error).__name__}: {error}")


def assertion_rewriter(module: Any) -> Any:
    """pytest's import hook where it loaded the module (test modules, conftest), else None."""
    loader = getattr(module, "__loader__", None)
    return loader if type(loader).__name__ == "AssertionRewritingHook" else None


class PatchedText:
    """A candidate's text of one file: parsed at most once (only where a swap cannot be planned
    from the text: see plan_confined_swap), and compiled once per way the file's modules
    compile it (plainly, or with pytest's assertion rewriting for test modules)."""

    def __init__(self, text: str, path: str) -> None:
        self.path = path
        # The file's whole text (a UTF-8 BOM included, as the engine keeps it); Python compiles it without the BOM.
        self.source = text[1:] if text.startswith("\ufeff") else text
        self._tree: Optional[ast.Module] = None
        self.encoding = declared_encoding(text)
        # The text as its file would hold it: in the encoding it declares.
        try:
            self.data = text.encode(self.encoding)
        except UnicodeEncodeError as error:
            raise PatchError(f"the patched text cannot be written in {self.encoding}: {error.reason}") from error
        self._codes: Dict[Any, Any] = {}

    @property
    def tree(self) -> ast.Module:
        if self._tree is None:
            try:
                self._tree = ast.parse(self.source, self.path)
            except (SyntaxError, ValueError, RecursionError, MemoryError) as error:  # ValueError: null bytes
                raise unparsable(error) from error
        return self._tree

    def code_for(self, module: Any) -> Any:
        """The module code as the module's own loader would compile the text."""
        rewriting = assertion_rewriter(module)
        if rewriting not in self._codes:
            # From the text where nothing needed the tree: the parser's tree then never becomes
            # Python objects, the larger part of the cost.
            tree: Union[ast.Module, str] = self.source if self._tree is None else self._tree
            if rewriting is not None:
                from _pytest.assertion.rewrite import rewrite_asserts

                tree = ast.parse(self.source, self.path)  # rewrite_asserts changes the tree it is given
                rewrite_asserts(tree, self.data, self.path, getattr(rewriting, "config", None))
            try:
                self._codes[rewriting] = compile(tree, self.path, "exec", dont_inherit=True)
            except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
                raise unparsable(error) from error
        return self._codes[rewriting]


class SwapPlan:
    """The outermost function holding the edit, and the edited function itself (the same node
    unless nested), in the original and the patched module."""

    def __init__(self, name: str, old_node: Any, new_node: Any, old_target: Any, new_target: Any, alone: Any = None) -> None:
        self.name = name
        self.old_node = old_node
        self.new_node = new_node
        # Module code holding only the new function, compiled in its classes (plan_confined_swap),
        # for modules compiled plainly; None: compile the whole patched text.
        self.alone = alone
        self.old_target = old_target
        self.new_target = new_target


class OriginalFunction:
    """The outermost function holding an edit in the original module, and what plan_swap
    compares: its decorators and everything around it, dumped once, when first needed (edits
    recognised from the text never need them)."""

    def __init__(self, name: str, node: Any, target: Any, tree: ast.Module) -> None:
        self.name = name
        self.node = node
        self.target = target
        self._tree = tree
        self._dumps: Optional[Tuple[str, str]] = None
        self._classes: Optional[ast.ClassDef] = None

    def dumps(self) -> Tuple[str, str]:
        """(decorators, everything around the function)."""
        if self._dumps is None:
            self._dumps = (decorators_of(self.node), without_node(self._tree, self.node))
        return self._dumps

    def in_classes(self, definition: ast.stmt) -> ast.stmt:
        """A new definition of the function inside bare statements of its classes (for private
        names, super() and the qualified name); the class statements are made once and take
        each candidate's definition in turn."""
        classes = self.name.split(".")[:-1]
        if not classes:
            return definition
        if self._classes is None:
            text = "".join(f"{' ' * depth}class {name}:\n" for depth, name in enumerate(classes)) + " " * len(classes) + "pass\n"
            self._classes = cast(ast.ClassDef, ast.parse(text).body[0])
        innermost = self._classes
        for _ in classes[1:]:
            innermost = cast(ast.ClassDef, innermost.body[-1])
        innermost.body = [definition]
        return self._classes


class OriginalFile:
    """A workspace file as the worker's modules were loaded from it: read and parsed once in the
    worker before any fork, and each function asked for found once, not again in every
    candidate's child (on this project's reference machine every page a child writes costs
    ~10 us)."""

    def __init__(self, path: str, modules: List[str]) -> None:
        self.path = path
        # The names of the loaded modules executed from this file.
        self.modules = modules
        # The file in its own encoding, as an import reads it (PEP 263), never assumed to be UTF-8.
        with tokenize.open(path) as handle:
            self.source = handle.read()
            self.encoding = "utf-8" if handle.encoding == "utf-8-sig" else handle.encoding
        # Without line ends, which reading translated.
        self.lines = self.source.splitlines()
        self._tree: Optional[ast.Module] = None
        self._imports: Optional[List[ast.stmt]] = None
        self._future_flags: Optional[int] = None
        self._table: Optional[Dict[str, List[ast.AST]]] = None
        self._functions: Dict[Tuple[str, int], Optional[OriginalFunction]] = {}

    @property
    def tree(self) -> ast.Module:
        """The file's syntax tree; empty where it does not parse (it is then not what its modules
        were loaded from: no swap)."""
        if self._tree is None:
            try:
                self._tree = ast.parse(self.source, self.path)
            except (SyntaxError, ValueError):
                self._tree = ast.Module(body=[], type_ignores=[])
        return self._tree

    @property
    def future_flags(self) -> int:
        """The compiler flags of the file's ``from __future__`` imports."""
        if self._future_flags is None:
            self._future_flags = 0
            for statement in self.tree.body:
                if isinstance(statement, ast.ImportFrom) and statement.module == "__future__":
                    for alias in statement.names:
                        self._future_flags |= getattr(__future__, alias.name).compiler_flag
        return self._future_flags

    @property
    def imports(self) -> List[ast.stmt]:
        """The import statements of the module's own scope: the compiler calls a function of a
        module imported there by attribute, not as a method."""
        if self._imports is None:
            self._imports = []
            pending: List[ast.AST] = [self.tree]
            while pending:
                for child in ast.iter_child_nodes(pending.pop()):
                    if isinstance(child, (ast.Import, ast.ImportFrom)):
                        self._imports.append(child)
                    elif not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                        pending.append(child)
        return self._imports

    def function(self, qualname: str, start_line: int) -> Optional[OriginalFunction]:
        """The outermost function holding ``qualname``; None for the module level, or when the
        file does not parse."""
        key = (qualname, start_line)
        if key not in self._functions:
            if self._table is None:
                self._table = functions_by_qualname(self.tree)
            hit = outermost_function(self._table, qualname, start_line)
            self._functions[key] = None if hit is None else OriginalFunction(hit[0], hit[1], hit[2], self.tree)
        return self._functions[key]


def decorators_of(node: Any) -> str:
    return ast.dump(ast.Module(body=node.decorator_list, type_ignores=[]))


def swap_target(request: Dict[str, Any]) -> Tuple[str, int]:
    """The qualified name and first line of the function a validate request edits."""
    return request.get("function", "<module>"), int(request.get("startLine", 1))


def plan_swap(original: OriginalFile, new_tree: ast.AST, qualname: str, start_line: int) -> Optional[SwapPlan]:
    """A plan when the edit is confined to one function's body and signature: same decorators,
    everything else in the module unchanged (positions aside)."""
    old = original.function(qualname, start_line)
    if old is None:
        return None
    new_hit = outermost_function(functions_by_qualname(new_tree), qualname, start_line)
    if new_hit is None or old.name != new_hit[0]:
        return None
    new_node = new_hit[1]
    decorators, around = old.dumps()
    if decorators != decorators_of(new_node) or around != without_node(new_tree, new_node):
        return None
    return SwapPlan(old.name, old.node, new_node, old.target, new_hit[2])


class SwapStep:
    """One live module's part of a swap, planned in the worker: the functions holding the edited
    code and their new code, the edited nested function's escaped instances with theirs, and
    (when the signature changed) the arguments whose defaults the child evaluates."""

    def __init__(
        self, module: Any, container: Any, live: List[Any], new_code: Any, escaped: List[Tuple[Any, Any]], arguments: Any
    ) -> None:
        self.module = module
        self.container = container
        self.live = live
        self.new_code = new_code
        self.escaped = escaped
        self.arguments: Optional[ast.arguments] = arguments


def plan_swap_step(module: Any, plan: SwapPlan, patched: PatchedText) -> Optional[SwapStep]:
    """How the live module takes the edit by replacing its function's code in place, so every
    reference sees the new body. None when a swap cannot express the edit (function not found
    live, other free variables)."""
    old_node, new_node = plan.old_node, plan.new_node
    alone = plan.alone is not None and assertion_rewriter(module) is None
    new_code = find_code(plan.alone if alone else patched.code_for(module), new_node.name, first_line(new_node))
    if new_code is None:
        return None
    container: Any = module
    for part in plan.name.split(".")[:-1]:
        container = vars(container).get(part)
        if not isinstance(container, type):
            return None
    live = [
        f
        for f in unwrap_all(vars(container).get(plan.name.split(".")[-1]))
        if f.__code__.co_name == old_node.name
        and f.__code__.co_firstlineno == first_line(old_node)
        and same_file(f.__code__.co_filename, patched.path)
    ]
    if not live or any(f.__code__.co_freevars != new_code.co_freevars for f in live):
        return None
    # Compiled alone, it must sit in the same scopes as the live one: the same classes, and no
    # generic class's type parameters around it (3.12+ nests methods in their scope).
    if alone and (
        getattr(live[0].__code__, "co_qualname", None) != getattr(new_code, "co_qualname", None)
        or (live[0].__code__.co_flags ^ new_code.co_flags) & inspect.CO_NESTED
    ):
        return None
    escaped: Optional[List[Tuple[Any, Any]]] = []
    if plan.old_target is not old_node:
        escaped = escaped_instances(live[0].__code__, new_code, plan)
        if escaped is None:
            return None
    arguments = new_node.args if ast.dump(old_node.args) != ast.dump(new_node.args) else None
    return SwapStep(module, container, live, new_code, escaped, arguments)


def plan_confined_swap(original: OriginalFile, patched: PatchedText, qualname: str, start_line: int) -> Optional[SwapPlan]:
    """plan_swap without parsing the whole patched text, for the usual edit: lines changed only
    inside the body of a function that is not nested, its signature and decorators as they
    were. The text around the function is compared line by line, and the function's new lines
    alone must parse as one def of the same name: the file then parses as the original with
    that function's body replaced. None where the text does not settle it."""
    old = original.function(qualname, start_line)
    if old is None or old.target is not old.node:
        return None
    node = old.node
    first = node.body[0]
    # The signature must end on a line before the body's: the first statement starts its line.
    if first.lineno <= node.lineno or original.lines[first.lineno - 1].encode("utf-8")[: first.col_offset].strip():
        return None
    before, after = original.lines, patched.source.splitlines()
    shortest = min(len(before), len(after))
    head = 0
    while head < shortest and before[head] == after[head]:
        head += 1
    tail = 0
    while tail < shortest - head and before[-1 - tail] == after[-1 - tail]:
        tail += 1
    # Lines head+1 .. len-tail (1-based) changed: all inside the body, in the original.
    if head + 1 < first.lineno or len(before) - tail > node.end_lineno:
        return None
    lines = after[node.lineno - 1 : node.end_lineno + len(after) - len(before)]
    # An indented def parses inside a block of its own indentation; blank lines first put it on
    # its own line number.
    block = ["if 1:"] if node.col_offset else []
    text = "\n" * (node.lineno - 1 - len(block)) + "\n".join(block + lines) + "\n"
    try:
        body = ast.parse(text).body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None  # plan_swap reports it
    if node.col_offset:
        if len(body) != 1 or not isinstance(body[0], ast.If) or body[0].orelse:
            return None
        body = body[0].body
    if len(body) != 1 or type(body[0]) is not type(node) or body[0].name != node.name:  # type: ignore[attr-defined]
        return None
    new_node: Any = body[0]
    new_node.decorator_list = node.decorator_list  # the same lines of the same text
    # The function compiles alone as it does in the file: inside its classes (private names,
    # super(), qualified name), after the module's imports, with its future imports; the rest
    # of the module is the original's, so compiling all of it again would give nothing new.
    wrapper = ast.Module(body=[*original.imports, old.in_classes(new_node)], type_ignores=[])
    try:
        alone = compile(wrapper, patched.path, "exec", flags=original.future_flags, dont_inherit=True)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None  # plan_swap reports it
    return SwapPlan(old.name, node, new_node, node, new_node, alone)


def swap_in(step: SwapStep) -> bool:
    """Installs a planned swap (in the child); False when the new defaults fail to evaluate."""
    defaults = None
    if step.arguments is not None:
        defaults = evaluate_defaults(step.arguments, step.module, step.container)
        if defaults is None:
            return False
    for function in step.live:
        function.__code__ = step.new_code
        if defaults is not None:
            function.__defaults__, function.__kwdefaults__ = defaults
    for function, code in step.escaped:
        function.__code__ = code
    return True


def escaped_instances(old_outer: Any, new_outer: Any, plan: SwapPlan) -> Optional[List[Tuple[Any, Any]]]:
    """Instances of the edited nested function made before the patch (a decorator's wrapper, a
    factory's product held at module level), each with its new code; None when one cannot take
    the new code (other free variables)."""
    if ast.dump(plan.old_target.args) != ast.dump(plan.new_target.args):
        return None  # their defaults were evaluated when they were made
    old_code = find_code(old_outer, plan.old_target.name, first_line(plan.old_target))
    new_code = find_code(new_outer, plan.new_target.name, first_line(plan.new_target))
    if old_code is None or new_code is None:
        return None
    gc.unfreeze()  # get_referrers does not see frozen objects; both calls only splice lists
    try:
        referrers = gc.get_referrers(old_code)
    finally:
        # The young generations first: freezing garbage cycles made since would keep them for good.
        gc.collect(1)
        gc.freeze()
    instances = [f for f in referrers if isinstance(f, types.FunctionType) and f.__code__ is old_code]
    if any(f.__code__.co_freevars != new_code.co_freevars for f in instances):
        return None
    return [(f, new_code) for f in instances]


def evaluate_defaults(arguments: ast.arguments, module: Any, container: Any) -> Optional[Tuple[Any, Any]]:
    """New __defaults__/__kwdefaults__, evaluated where the def statement would evaluate them."""
    scope = dict(vars(container)) if container is not module else None
    try:

        def value(expr: ast.expr) -> Any:
            code = compile(ast.Expression(body=expr), module.__file__, "eval")
            return eval(code, module.__dict__, scope)  # noqa: S307 - the candidate's own code

        positional = tuple(value(d) for d in arguments.defaults) or None
        keywords = {arg.arg: value(d) for arg, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None} or None
        return positional, keywords
    except Exception:
        return None


MODULE_DUNDERS = {
    "__name__", "__file__", "__loader__", "__spec__", "__package__", "__path__", "__cached__", "__builtins__",
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
        if spec is None or not same_file(spec.origin, self.path):
            return None
        return spec_from_file_location(
            fullname,
            spec.origin,
            loader=PatchedSourceLoader(fullname, spec.origin, self.source),
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


def prepare_patch(request: Dict[str, Any], server: "Server") -> PreparedPatch:
    """Everything about applying the candidate that executes none of its code (in the worker)."""
    original = server.original
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
        qualname, start_line = swap_target(request)
        plan = plan_confined_swap(original, patched, qualname, start_line) or plan_swap(original, patched.tree, qualname, start_line)
    if plan is not None:
        planned = [plan_swap_step(module, plan, patched) for module in loaded]
        steps = [step for step in planned if step is not None] if all(planned) else None
    # A swap falls back to re-executing the module when its new defaults fail to evaluate.
    fallible = steps is None or any(step.arguments is not None for step in steps)
    codes = [patched.code_for(module) for module in loaded] if fallible else []
    return PreparedPatch(patched, loaded, steps, codes)


def install_patch(prepared: PreparedPatch, server: "Server") -> str:
    """Applies the prepared candidate in this (child) process; returns how: swap, reexec or import."""
    path = prepared.path
    linecache.cache[path] = (prepared.size, None, prepared.lines, path)
    sys.meta_path.insert(0, PatchedSourceFinder(path, prepared.data))
    if not prepared.loaded:
        return "import"
    if prepared.steps is not None and all(swap_in(step) for step in prepared.steps):
        return "swap"
    in_workspace = [sys.modules[name] for name in server.workspace_modules if name in sys.modules]
    for module, code in zip(prepared.loaded, prepared.codes):
        reexec(module, code, in_workspace)
    return "reexec"


# ---------------------------------------------------------------------------------------------
# Running tests inside the child


def outcome_of(reports: Iterable[Any]) -> Tuple[str, str, str, float]:
    """(outcome, phase, message, duration ms) from one item's setup/call/teardown reports."""
    duration = 0.0
    outcome, phase, message = "passed", "call", ""
    for report in reports:
        duration += getattr(report, "duration", 0.0)
        if report.failed and outcome in ("passed", "skipped", "xfailed", "xpassed"):
            outcome = "failed" if report.when == "call" else "error"
            phase = report.when
            message = crash_message(report)
        elif report.skipped and outcome == "passed":
            outcome = "xfailed" if hasattr(report, "wasxfail") else "skipped"
            phase = report.when
        elif report.passed and report.when == "call" and hasattr(report, "wasxfail") and outcome == "passed":
            outcome = "xpassed"
    return outcome, phase, message, duration * 1000.0


class CrashLine:
    def __init__(self, message: str) -> None:
        self.message = message


class CrashOnly:
    """A test's failure as the worker reports it: the crash message only, as pytest's own
    report would word it (its ``reprcrash``), without the traceback and sources pytest would
    render for a terminal, which cost a candidate's child more than most tests themselves."""

    def __init__(self, excinfo: Any) -> None:
        self.reprcrash = CrashLine(excinfo.exconly(tryshort=True))

    def toterminal(self, writer: Any) -> None:
        writer.line(self.reprcrash.message)

    def __str__(self) -> str:
        return self.reprcrash.message


def crash_message(report: Any) -> str:
    crash = getattr(getattr(report, "longrepr", None), "reprcrash", None)
    if crash is not None:
        return str(crash.message)[:500]
    text = str(getattr(report, "longreprtext", "") or report.longrepr)
    return text.strip().splitlines()[-1][:500] if text.strip() else ""


# The reports of the item being run. Items run through the pytest_runtest_protocol hook, not
# _pytest.runner.runtestprotocol directly, so the plugins that wrap each test (the warnings
# plugin's capture, which shows DeprecationWarning to tests; logging; unraisable exceptions)
# work as in the user's own pytest run; the reports come back through this hook.
_item_reports: List[Any] = []


def pytest_runtest_logreport(report: Any) -> None:
    _item_reports.append(report)


def run_items(items: List[Any], stop_unless: Optional[Tuple[str, ...]], direct: FrozenSet[str] = frozenset()) -> List[Dict[str, Any]]:
    """Runs items in order, stopping after the first whose outcome is not in ``stop_unless``
    (None: run them all); those in ``direct`` are called as plain functions (run_direct)."""
    results = []
    protocol = [item for item in items if item.nodeid not in direct]
    # The protocol tears down what the next item it runs does not share.
    following = dict(zip((item.nodeid for item in protocol), protocol[1:] + [None]))
    for item in items:
        if item.nodeid in direct:
            results.append(run_direct(item))
        else:
            nextitem = following[item.nodeid]
            _item_reports.clear()
            item.ihook.pytest_runtest_protocol(item=item, nextitem=nextitem)
            outcome, phase, message, duration = outcome_of(list(_item_reports))
            results.append(
                {"nodeid": item.nodeid, "outcome": outcome, "phase": phase, "message": message, "durationMs": duration}
            )
        if stop_unless is not None and results[-1]["outcome"] not in stop_unless:
            break
    return results


# Hooks through which a plugin can change how a test runs or what its outcome is. Where only
# pytest's own plugins and this one implement them, a test without fixtures and marks does
# nothing in pytest's per-test protocol but call the function inside pytest's default warning
# filters; the protocol's reporting, capture and logging machinery costs a candidate's child
# ~10x the test itself.
RUNTEST_HOOKS = (
    "pytest_runtest_protocol",
    "pytest_runtest_setup",
    "pytest_runtest_call",
    "pytest_runtest_teardown",
    "pytest_pyfunc_call",
    "pytest_runtest_makereport",
)
# Third-party plugins whose runtest hooks act only on tests that use them (Hypothesis on
# @given tests, which are never called directly; pytest-benchmark on tests with its fixture).
INERT_FOR_PLAIN_TESTS = ("_hypothesis_pytestplugin", "pytest_benchmark.plugin")


def plugin_module(plugin: Any) -> str:
    return plugin.__name__ if isinstance(plugin, types.ModuleType) else type(plugin).__module__


def direct_nodeids(session: Any) -> FrozenSet[str]:
    """The items run_direct may run: plain module-level test functions without fixtures,
    marks, nose-style setup or Hypothesis, in a session whose plugins leave the runtest hooks
    to pytest and whose options set no warning filters or log level (the protocol would apply
    them)."""
    config = session.config
    for name in RUNTEST_HOOKS:
        for impl in getattr(config.pluginmanager.hook, name).get_hookimpls():
            module = plugin_module(impl.plugin)
            if not (module.startswith("_pytest.") or module in ("deepdebug_worker", "pytest", *INERT_FOR_PLAIN_TESTS)):
                return frozenset()
    if config.getini("filterwarnings") or config.getoption("pythonwarnings", None):
        return frozenset()
    if config.getoption("log_level", None) or config.getini("log_level"):
        return frozenset()
    return frozenset(
        item.nodeid
        for item in session.items
        if type(item) is pytest.Function
        and getattr(item, "cls", None) is None
        and not item.fixturenames
        and not any(True for _ in item.iter_markers())
        and inspect.isfunction(item.obj)
        and not (inspect.iscoroutinefunction(item.obj) or inspect.isasyncgenfunction(item.obj))
        and not hasattr(item.obj, "setup")
        and not hasattr(item.obj, "teardown")
        and not getattr(item.obj, "is_hypothesis_test", False)
    )


def run_direct(item: Any) -> Dict[str, Any]:
    """Calls a test function as pytest's protocol would for an item direct_nodeids admits: with
    PYTEST_CURRENT_TEST set and warnings recorded under pytest's default filters (deprecation
    warnings always shown, so a test that records them sees them)."""
    outcome, message = "passed", ""
    os.environ["PYTEST_CURRENT_TEST"] = f"{item.nodeid} (call)"
    started = time.perf_counter()
    with warnings.catch_warnings(record=True):
        if not sys.warnoptions:
            warnings.filterwarnings("always", category=DeprecationWarning)
            warnings.filterwarnings("always", category=PendingDeprecationWarning)
        try:
            item.obj()
        except pytest.skip.Exception:
            outcome = "skipped"
        except pytest.xfail.Exception:
            outcome = "xfailed"
        except BaseException:  # noqa: BLE001 - what pytest reports as the test's failure
            outcome = "failed"
            message = pytest.ExceptionInfo.from_current().exconly(tryshort=True)[:500]
    duration = (time.perf_counter() - started) * 1000.0
    os.environ.pop("PYTEST_CURRENT_TEST", None)
    return {"nodeid": item.nodeid, "outcome": outcome, "phase": "call", "message": message, "durationMs": duration, "direct": True}


# Two tests as a user's module would have them, for warm_up.
WARM_UP_SOURCE = """
def test_fails():
    words = ["1", "2"]
    assert words == ["1", "Fizz"], "the second word"


def test_passes():
    assert [1, 2] == [1, 2]
"""
WARM_UP_ROUNDS = 100


class WarmUpItem:
    def __init__(self, nodeid: str, obj: Any) -> None:
        self.nodeid = nodeid
        self.obj = obj


def warm_up(config: Any) -> None:
    """Runs the children's own paths (a direct test that fails an assertion and one that passes,
    the report's encoding) in the worker before the first fork. The interpreter specializes
    their bytecode, and the allocator fills its pools, here once instead of in every child:
    ~90 fewer pages copied per child (of ~660)."""
    from _pytest.assertion.rewrite import rewrite_asserts

    tree = ast.parse(WARM_UP_SOURCE)
    rewrite_asserts(tree, WARM_UP_SOURCE.encode(), "deepdebug_warm_up.py", config)
    namespace: Dict[str, Any] = {}
    exec(compile(tree, "deepdebug_warm_up.py", "exec"), namespace)  # noqa: S102 - our own two tests
    items = [WarmUpItem(f"deepdebug_warm_up.py::{name}", namespace[name]) for name in ("test_fails", "test_passes")]
    for _ in range(WARM_UP_ROUNDS):
        json.dumps({"applied": "swap", "results": [run_direct(item) for item in items]}).encode()


PASSED = ("passed", "xpassed")
# How often a running candidate's exit is checked while its report pipe is quiet.
EXIT_POLL_S = 0.05
NOT_BROKEN = ("passed", "xpassed", "skipped", "xfailed")


def child_main(request: Dict[str, Any], prepared: Optional[PreparedPatch], server: "Server") -> Dict[str, Any]:
    """Runs in the forked child: install the patch (if any), run the tests, return the report."""
    if prepared is None:
        items = server.items_for(request["tests"])
        return {"applied": "none", "results": run_items(items, None)}
    try:
        applied = install_patch(prepared, server)
    except PatchError as error:
        return {"applied": "none", "patchError": str(error), "results": []}
    # Every failing test runs, so a candidate that fixes some of them is seen (a base for a
    # further edit); the passing ones only run when at least one failing test passed.
    results = run_items(server.items_for(request["failing"]), None, server.direct)
    if any(r["outcome"] in PASSED for r in results):
        covering = request.get("covering")
        passing = covering if applied == "swap" and covering is not None else request["passing"]
        results += run_items(server.items_for(passing), NOT_BROKEN, server.direct)
    return {"applied": applied, "results": results}


Limits = List[Tuple[int, Tuple[int, int]]]


def child_limits(request: Dict[str, Any]) -> Limits:
    """The candidate's own limits, set in its child and inherited by everything it starts;
    computed in the worker, whose address space and process count the child starts from. The
    process count is capped by the pids cgroup the whole worker runs in, where there is one
    (the request then has no "nproc"): RLIMIT_NPROC does not bind root."""
    limits: Limits = []
    memory_mb = int(request.get("memoryMb", 0))
    if memory_mb > 0 and os.path.exists("/proc/self/statm"):
        # Allowance on top of what the worker already maps (libraries reserve large address
        # ranges). Linux only: elsewhere RLIMIT_AS is not enforced anyway.
        with open("/proc/self/statm") as statm:
            current = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        limit = current + memory_mb * 1024 * 1024
        limits.append((resource.RLIMIT_AS, (limit, limit)))
    cpu = int(request.get("cpuSeconds", 0))
    if cpu > 0:
        # SIGXCPU at the soft limit, SIGKILL a second later for a process that handles it.
        limits.append((resource.RLIMIT_CPU, (cpu, cpu + 1)))
    # A candidate printing in a loop must not fill the disk through pytest's capture files.
    size = int(request.get("fileSizeMb", 512)) * 1024 * 1024
    limits.append((resource.RLIMIT_FSIZE, (size, size)))
    nproc = request.get("nproc")
    if nproc:
        # RLIMIT_NPROC counts all of this user's processes (the child to be among them), so
        # the allowance goes on top.
        limit = own_process_count() + 1 + int(nproc)
        limits.append((resource.RLIMIT_NPROC, (limit, limit)))
    return limits


def own_process_count() -> int:
    uid = os.getuid()
    count = 0
    for entry in os.listdir("/proc"):
        try:
            if entry.isdigit() and os.stat(f"/proc/{entry}").st_uid == uid:
                count += 1
        except OSError:
            pass
    return count


def children_of_self() -> List[int]:
    """This process's children, live or not yet reaped."""
    pids: List[int] = []
    try:
        for task in os.listdir("/proc/self/task"):
            with open(f"/proc/self/task/{task}/children") as handle:
                pids += [int(p) for p in handle.read().split()]
        return pids
    except FileNotFoundError:
        return children_by_scan()
    except OSError:
        return []


def children_by_scan() -> List[int]:
    """For kernels without /proc/<pid>/task/<tid>/children: every process's parent, read."""
    me = os.getpid()
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                # The command name, in parentheses, may contain spaces: fields follow the last ")".
                if int(handle.read().rsplit(")", 1)[1].split()[1]) == me:
                    pids.append(int(entry))
        except (OSError, IndexError, ValueError):
            pass
    return pids


def kill_descendants() -> None:
    """Kills and reaps every process left below the worker. The worker is a child subreaper,
    so a candidate's processes that outlive their parent (daemons, a fork bomb's orphans, a
    new session) become its children; killing the children again until none is left takes
    the whole tree, whatever process groups or sessions it made."""
    deadline = time.monotonic() + 10.0
    while time.monotonic() < deadline:
        if not reap():
            return  # no child at all, without reading /proc (which every candidate would pay)
        children = children_of_self()
        if not children:
            return
        for pid in children:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.001)


def reap() -> bool:
    """Collects every child that has exited, without waiting for others; False when no child
    is left."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return False
        if pid == 0:
            return True


# ---------------------------------------------------------------------------------------------
# Forking a candidate's child
#
# os.fork runs the interpreter's after-fork work in the child: re-making its locks and the
# Python-level handlers (threading's, random's, logging's...). On this project's reference
# machine that writes ~230 pages, each copied at ~40 us: a fifth of a candidate. In a worker
# with one thread that work mends nothing (no other thread can hold a lock), so there the
# child is forked by libc directly and only reseeds random, as random's handler would.

# Standard-library modules whose after-fork handlers only re-make locks or reseed random.
IDLE_FORK_HANDLERS = frozenset({"threading", "random", "logging", "concurrent.futures.thread"})
# The modules that registered after-fork handlers since this plugin was imported (before it,
# pytest's start imports only the standard library modules above).
_fork_handler_owners: List[str] = []
_register_at_fork = getattr(os, "register_at_fork", None)


def _recording_register_at_fork(**handlers: Any) -> None:
    _fork_handler_owners.append(str(sys._getframe(1).f_globals.get("__name__")))
    assert _register_at_fork is not None
    _register_at_fork(**handlers)


if _register_at_fork is not None:
    os.register_at_fork = _recording_register_at_fork


def choose_fork() -> Callable[[], int]:
    """libc's fork where skipping the interpreter's after-fork work is safe: CPython 3.10-3.13
    with the GIL, on Linux, one thread in the process, and no after-fork handler but idle ones
    registered; else os.fork."""
    if not (
        sys.platform.startswith("linux")
        and sys.implementation.name == "cpython"
        and (3, 10) <= sys.version_info[:2] <= (3, 13)
        and not sysconfig.get_config_var("Py_GIL_DISABLED")
        and threading.active_count() == 1
        and len(os.listdir("/proc/self/task")) == 1
        and all(owner in IDLE_FORK_HANDLERS for owner in _fork_handler_owners)
    ):
        return os.fork
    try:
        import ctypes

        # A PyDLL call keeps the GIL: the child starts holding it, as its only thread.
        libc_fork = ctypes.PyDLL(None, use_errno=True).fork
    except (OSError, AttributeError):
        return os.fork
    libc_fork.restype = ctypes.c_int
    libc_fork.argtypes = []

    def fork() -> int:
        pid = int(libc_fork())
        if pid < 0:
            raise OSError(ctypes.get_errno(), "fork failed")
        if pid == 0 and "random" in sys.modules:
            sys.modules["random"].seed()
        return pid

    return fork


# ---------------------------------------------------------------------------------------------
# The server loop


class Server:
    def __init__(self, session: Any, request_fd: int, reply_fd: int) -> None:
        self.session = session
        self.workspace = os.path.realpath(str(session.config.rootpath))
        self.items = {item.nodeid: item for item in session.items}
        # Candidates run these tests as plain calls; checks (the clean re-check of a validated
        # patch among them) always run pytest's whole protocol.
        self.direct = direct_nodeids(session)
        self.modules_by_file = modules_by_file()
        workspace_prefix = os.path.join(self.workspace, "")
        self.workspace_modules = [
            name for file, names in self.modules_by_file.items() if file.startswith(workspace_prefix) for name in names
        ]
        self.originals: Dict[str, OriginalFile] = {}
        # The file the request being served patches, or why it cannot be read.
        self.original: Union[OriginalFile, str] = ""
        for item in session.items:
            # Cached on the item: computed here once instead of in every child.
            getattr(item, "location", None)
            item.repr_failure = CrashOnly
        self.reader = LineReader(request_fd)
        self.request_fd = request_fd
        self.reply_fd = reply_fd
        # Recorded after collection: what collection wrote is part of every candidate's start.
        self.world = World.from_environment()
        self.world_broken = False
        self.fork = choose_fork()

    def original_of(self, relative: str) -> Union[OriginalFile, str]:
        path = os.path.realpath(os.path.join(self.workspace, relative))
        if path not in self.originals:
            try:
                self.originals[path] = OriginalFile(path, self.modules_by_file.get(path, []))
            except (OSError, SyntaxError, UnicodeDecodeError) as error:
                return f"cannot read {relative}: {error}"
        return self.originals[path]

    def items_for(self, nodeids: List[str]) -> List[Any]:
        return [self.items[n] for n in nodeids if n in self.items]

    def serve(self, requested: List[str]) -> None:
        warm_up(self.session.config)
        # Everything alive now moves to a generation the collector never scans: a collection in
        # a child would otherwise touch every object and copy the whole heap (~150 ms per fork).
        gc.collect()
        gc.freeze()
        send(
            self.reply_fd,
            {
                "op": "ready",
                "pid": os.getpid(),
                "collected": [n for n in requested if n in self.items],
                "missing": [n for n in requested if n not in self.items],
            },
        )
        while True:
            message = self.reader.read_message()
            if message is None or message.get("op") == "quit":
                return
            if message.get("op") in ("check", "validate"):
                reply = self.run_child(message)
                if reply is None:
                    return
                send(self.reply_fd, reply)
                if self.world_broken:
                    # The next candidate would start from this one's files: end, to be replaced.
                    return

    def run_child(self, request: Dict[str, Any]) -> Optional[Dict[str, Any]]:
        """Forks, waits with a deadline, kills the child's process group on timeout or cancel.
        None when the client went away while the child ran."""
        started = time.monotonic()
        prepared: Optional[PreparedPatch] = None
        if request["op"] == "validate":
            # Here, not in the child: what is read and parsed here stays for the next candidates.
            self.original = self.original_of(request["file"])
            try:
                prepared = prepare_patch(request, self)
            except PatchError as error:
                # Nothing of the candidate can run: no child.
                return {
                    "op": "result",
                    "id": request.get("id"),
                    "status": "done",
                    "applied": "none",
                    "patchError": str(error),
                    "results": [],
                    "detail": "",
                    "durationMs": (time.monotonic() - started) * 1000.0,
                }
        limits = child_limits(request)
        read_end, write_end = os.pipe()
        pid = self.fork()
        if pid == 0:
            self.child(request, prepared, limits, read_end, write_end)
        os.close(write_end)
        try:
            os.setpgid(pid, pid)  # also done in the child; whichever runs first wins the race
        except OSError:
            pass
        deadline = started + request.get("timeoutMs", 10000) / 1000.0
        chunks: List[bytes] = []
        status = "done"
        wait_status: Optional[int] = None
        try:
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    status = "timeout"
                    break
                # Processes the candidate started may hold the pipe open after the child exited,
                # so its end is also seen by polling its exit, not only by the pipe's EOF.
                readable, _, _ = select.select([read_end, self.request_fd], [], [], min(remaining, EXIT_POLL_S))
                if self.request_fd in readable:
                    self.reader.fill()
                    line = self.reader.pending_line()
                    if self.reader.eof or (line is not None and json.loads(line).get("op") in ("cancel", "quit")):
                        status = "canceled"
                        break
                if read_end in readable:
                    chunk = os.read(read_end, 65536)
                    if not chunk:
                        break
                    chunks.append(chunk)
                elif not readable:
                    exited, exit_status = os.waitpid(pid, os.WNOHANG)
                    if exited == pid:
                        wait_status = exit_status
                        # It wrote its whole report before exiting: all of it is in the pipe.
                        chunks.append(read_available(read_end))
                        break
        finally:
            os.close(read_end)
            if status != "done":
                kill_group(pid)
            if wait_status is None:
                _, wait_status = os.waitpid(pid, 0)
        if status == "canceled" and self.reader.eof:
            return None
        reply: Dict[str, Any] = {"op": "result", "id": request.get("id"), "status": status, "results": [], "detail": ""}
        # Whatever the tests left running in the background, in any group or session.
        kill_descendants()
        try:
            self.world.restore()
        except WorldError as error:
            self.world_broken = True
            reply["worldError"] = str(error)
        if status == "done":
            try:
                reply.update(json.loads(b"".join(chunks)))
            except ValueError:
                reply["status"] = "crashed"
                reply["detail"] = describe_exit(wait_status)
        elif status == "timeout":
            reply["detail"] = f"killed after {request.get('timeoutMs', 10000)} ms"
        reply["durationMs"] = (time.monotonic() - started) * 1000.0
        return reply

    def child(self, request: Dict[str, Any], prepared: Optional[PreparedPatch], limits: Limits, read_end: int, write_end: int) -> None:
        """Never returns: the child reports through the pipe and leaves with os._exit."""
        code = 0
        try:
            os.setpgid(0, 0)
            _die_with_parent()
            os.close(read_end)
            os.close(self.request_fd)
            os.close(self.reply_fd)
            for which, value in limits:
                resource.setrlimit(which, value)
            report = child_main(request, prepared, self)
            payload = json.dumps(report).encode()
        except BaseException:  # noqa: BLE001 - report anything rather than die silently
            payload = json.dumps({"applied": "none", "results": [], "detail": traceback.format_exc()[-2000:]}).encode()
            code = 1
        try:
            while payload:
                payload = payload[os.write(write_end, payload) :]
        finally:
            os._exit(code)


def read_available(fd: int) -> bytes:
    os.set_blocking(fd, False)
    data = b""
    try:
        while True:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            data += chunk
    except BlockingIOError:
        pass
    return data


def kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass


def describe_exit(wait_status: int) -> str:
    if os.WIFSIGNALED(wait_status):
        return f"test process killed by signal {os.WTERMSIG(wait_status)}"
    return f"test process exited with status {os.WEXITSTATUS(wait_status)} without a report"


# ---------------------------------------------------------------------------------------------
# pytest hooks (active only when the client gave us the protocol fds)


def protocol_fds() -> Optional[Tuple[int, int]]:
    value = os.environ.get(PROTOCOL_ENV)
    if not value:
        return None
    request_fd, reply_fd = (int(part) for part in value.split(","))
    return request_fd, reply_fd


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: Any) -> Optional[bool]:
    fds = protocol_fds()
    if fds is None:
        return None
    _die_with_parent()
    _set_prctl(PR_SET_CHILD_SUBREAPER, 1)
    # Pre-create the session's temp root so every child shares it instead of making its own.
    factory = getattr(session.config, "_tmp_path_factory", None)
    if factory is not None:
        factory.getbasetemp()
    with open(os.environ[TESTS_ENV], encoding="utf-8") as handle:
        requested = json.load(handle)
    Server(session, *fds).serve(requested)
    return True
