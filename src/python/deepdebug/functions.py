"""Finding functions in a module's syntax tree and code objects by their qualified name."""

from __future__ import annotations

import ast
from typing import Any, Dict, List, Optional, Tuple


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
    lines: List[int] = [node.lineno] + [d.lineno for d in node.decorator_list]
    return min(lines)


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


def decorators_of(node: Any) -> str:
    return ast.dump(ast.Module(body=node.decorator_list, type_ignores=[]))


def live_function(module: Any, qualname: str, start_line: int) -> Optional[Any]:
    """The plain function a qualified name names in a live module (through staticmethod,
    classmethod, property and ``__wrapped__``), the one defined nearest ``start_line`` where
    several share the name; None for a nested function (it is made anew on each call of its
    parent) or a name the module does not hold."""
    if "<locals>" in qualname:
        return None
    *outer, name = qualname.split(".")
    container = module
    for part in outer:
        # The namespaces' own dicts, not getattr: a class's __getattr__ is the project's code.
        container = vars(container).get(part)
        if not isinstance(container, type):
            return None
    found = [f for f in unwrap_all(vars(container).get(name)) if f.__code__.co_name == name]
    if not found:
        return None
    return min(found, key=lambda f: abs(int(f.__code__.co_firstlineno) - start_line))
