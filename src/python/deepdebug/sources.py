"""The texts the worker patches: a workspace file as its modules were loaded from it (read and
parsed once, before any fork) and a candidate's new text of it (compiled as its modules'
loaders would compile it)."""

from __future__ import annotations
import __future__

import ast
import functools
import os
import sys
import tokenize
from typing import Any, Dict, List, Optional, Tuple, Union, cast

from .functions import decorators_of, functions_by_qualname, outermost_function, without_node


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
            flags = 0
            for statement in self.tree.body:
                if isinstance(statement, ast.ImportFrom) and statement.module == "__future__":
                    for alias in statement.names:
                        flags |= getattr(__future__, alias.name).compiler_flag
            self._future_flags = flags
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
