"""Hot-swapping a function's code into the live modules: planned in the worker, installed in
the candidate's child."""

from __future__ import annotations

import ast
import gc
import inspect
import types
from typing import Any, Dict, List, Optional, Tuple

from .functions import decorators_of, find_code, first_line, functions_by_qualname, outermost_function, unwrap_all, without_node
from .sources import OriginalFile, PatchedText, assertion_rewriter, same_file


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


# A changed signature's defaults, compiled: positional ones in order, keyword-only ones by name.
Defaults = Tuple[Tuple[types.CodeType, ...], Dict[str, types.CodeType]]


class SwapStep:
    """One live module's part of a swap, planned in the worker: the functions holding the edited
    code and their new code, the edited nested function's escaped instances with theirs, and
    (when the signature changed) the compiled defaults the child evaluates."""

    def __init__(
        self, module: Any, container: Any, live: List[Any], new_code: Any, escaped: List[Tuple[Any, Any]], defaults: Optional[Defaults]
    ) -> None:
        self.module = module
        self.container = container
        self.live = live
        self.new_code = new_code
        self.escaped = escaped
        self.defaults = defaults


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
    escaped: List[Tuple[Any, Any]] = []
    if plan.old_target is not old_node:
        instances = escaped_instances(live[0].__code__, new_code, plan)
        if instances is None:
            return None
        escaped = instances
    defaults = None
    if ast.dump(old_node.args) != ast.dump(new_node.args):
        defaults = compile_defaults(new_node.args, module.__file__)
        if defaults is None:
            return None
    return SwapStep(module, container, live, new_code, escaped, defaults)


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
    if step.defaults is not None:
        defaults = evaluate_defaults(step.defaults, step.module, step.container)
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


def compile_defaults(arguments: ast.arguments, filename: str) -> Optional[Defaults]:
    """The new defaults' code (in the worker); None when one does not compile."""
    try:

        def code(expr: ast.expr) -> types.CodeType:
            compiled: types.CodeType = compile(ast.Expression(body=expr), filename, "eval")
            return compiled

        positional = tuple(code(d) for d in arguments.defaults)
        keywords = {arg.arg: code(d) for arg, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None}
        return positional, keywords
    except (SyntaxError, ValueError):
        return None


def evaluate_defaults(defaults: Defaults, module: Any, container: Any) -> Optional[Tuple[Any, Any]]:
    """New __defaults__/__kwdefaults__, evaluated where the def statement would evaluate them (in
    the child)."""
    scope = dict(vars(container)) if container is not module else None
    positional_code, keyword_code = defaults
    try:
        positional = tuple(eval(c, module.__dict__, scope) for c in positional_code) or None  # noqa: S307 - the candidate's own code
        keywords = {name: eval(c, module.__dict__, scope) for name, c in keyword_code.items()} or None  # noqa: S307
        return positional, keywords
    except Exception:
        return None
