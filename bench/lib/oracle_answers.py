"""Texts a scripted model server answers with in bench/server.ts, made from a bug's fixed function.

Reads one JSON object on stdin, writes one on stdout:

  {"fixed": <function text, dedented>, "buggy": <the buggy function, dedented>, "seed": <str>, "count": 4}
  -> {"noDocstring": <text or null>, "blankLinesChanged": <text or null>,
      "blankLinesChangedNoDocstring": <text or null>, "mutants": [{"kind": ..., "text": ...}, ...]}

noDocstring: the function without its docstring (null when it has none, or nothing else).
blankLinesChanged: the blank lines inside the body (outside strings) removed, or, with none, one
added before the body's last statement (null for a body of one statement); ...NoDocstring: the
same of noDocstring. mutants: up to `count` plausible wrong versions, each a small text edit of
the fixed function (a flipped comparison, an off-by-one constant, a dropped statement, swapped
operands, arguments or statements, and/or swapped, a negated condition, another exception, a
return of None, a call left out, a keyword argument dropped, another string method or builtin,
a flipped boolean, a string literal one character short), chosen deterministically from `seed`,
one of each kind before a second of any; each parses and differs (as syntax trees) from the fix
and from the buggy code.
"""

import ast
import io
import json
import random
import re
import sys
import tokenize

COMPARE_FLIP = {
    ast.Lt: "<=",
    ast.LtE: "<",
    ast.Gt: ">=",
    ast.GtE: ">",
    ast.Eq: "!=",
    ast.NotEq: "==",
    ast.In: "not in",
    ast.NotIn: "in",
    ast.Is: "is not",
    ast.IsNot: "is",
}
COMPARE_TEXT = r"(<=|>=|==|!=|<|>|not\s+in|in|is\s+not|is)"
NON_COMMUTATIVE = {ast.Sub: "-", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%", ast.Pow: "**", ast.LShift: "<<", ast.RShift: ">>"}
OTHER_EXCEPTIONS = ["ValueError", "TypeError", "RuntimeError", "KeyError"]
METHOD_SWAP = {
    "lower": "upper",
    "upper": "lower",
    "strip": "rstrip",
    "lstrip": "rstrip",
    "rstrip": "lstrip",
    "startswith": "endswith",
    "endswith": "startswith",
    "split": "rsplit",
    "rsplit": "split",
    "find": "rfind",
    "rfind": "find",
    "ljust": "rjust",
    "rjust": "ljust",
    "append": "extend",
    "keys": "values",
    "values": "keys",
}
NAME_SWAP = {"min": "max", "max": "min", "any": "all", "all": "any", "True": "False", "False": "True"}


class Source:
    """The text with ast positions (lines from 1, columns in UTF-8 bytes) turned into character offsets."""

    def __init__(self, text):
        self.text = text
        self.lines = text.split("\n")
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line) + 1)

    def offset(self, lineno, col):
        line = self.lines[lineno - 1]
        return self.starts[lineno - 1] + len(line.encode("utf-8")[:col].decode("utf-8", "replace"))

    def span(self, node):
        return self.offset(node.lineno, node.col_offset), self.offset(node.end_lineno, node.end_col_offset)

    def replace(self, start, end, new):
        return self.text[:start] + new + self.text[end:]

    def without_lines(self, first, last):
        return "\n".join(self.lines[: first - 1] + self.lines[last:])


def tree_of(text):
    try:
        return ast.dump(ast.parse(text))
    except SyntaxError:
        return None


def is_docstring(stmt):
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


def the_function(tree):
    return next(node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)))


def no_docstring(text):
    fn = the_function(ast.parse(text))
    if not fn.body or not is_docstring(fn.body[0]) or len(fn.body) < 2:
        return None
    doc = fn.body[0]
    return Source(text).without_lines(doc.lineno, doc.end_lineno)


def string_lines(text):
    """Lines inside a multi-line string token (a blank line there is part of the string)."""
    inside = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.STRING and token.end[0] > token.start[0]:
            inside.update(range(token.start[0] + 1, token.end[0] + 1))
    return inside


def blank_lines_changed(text):
    lines = text.rstrip("\n").split("\n")
    protected = string_lines(text)
    blank = [i + 1 for i, line in enumerate(lines) if line.strip() == "" and (i + 1) not in protected]
    if blank:
        return "\n".join(line for i, line in enumerate(lines) if (i + 1) not in blank) + "\n"
    fn = the_function(ast.parse(text))
    last = fn.body[-1]
    if len(fn.body) < 2:
        return None
    return "\n".join(lines[: last.lineno - 1] + [""] + lines[last.lineno - 1 :]) + "\n"


def mutants_by_kind(text):
    """Every candidate mutant, as (kind, text), in the order of the code."""
    src = Source(text)
    tree = ast.parse(text)
    found = []
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body and is_docstring(node.body[0])
    }

    def add(kind, new_text):
        found.append((kind, new_text))

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for i, op in enumerate(node.ops):
                flipped = COMPARE_FLIP.get(type(op))
                if flipped is None:
                    continue
                start = src.span(operands[i])[1]
                end = src.span(operands[i + 1])[0]
                middle = src.text[start:end]
                if re.fullmatch(r"\s*" + COMPARE_TEXT + r"\s*", middle):
                    add("flipped comparison", src.replace(start, end, " " + flipped + " "))
            if len(node.ops) == 1 and type(node.ops[0]) in (ast.Lt, ast.LtE, ast.Gt, ast.GtE):
                (ls, le), (rs, re_) = src.span(node.left), src.span(node.comparators[0])
                add("swapped operands", src.replace(ls, re_, src.text[rs:re_] + src.text[le:rs] + src.text[ls:le]))
        elif isinstance(node, ast.BinOp) and type(node.op) in NON_COMMUTATIVE:
            (ls, le), (rs, re_) = src.span(node.left), src.span(node.right)
            if re.fullmatch(r"\s*" + re.escape(NON_COMMUTATIVE[type(node.op)]) + r"\s*", src.text[le:rs]):
                add("swapped operands", src.replace(ls, re_, src.text[rs:re_] + src.text[le:rs] + src.text[ls:le]))
        elif isinstance(node, ast.Call):
            if len(node.args) >= 2 and not any(isinstance(a, ast.Starred) for a in node.args[:2]):
                (as_, ae), (bs, be) = src.span(node.args[0]), src.span(node.args[1])
                add("swapped arguments", src.replace(as_, be, src.text[bs:be] + src.text[ae:bs] + src.text[as_:ae]))
            if isinstance(node.func, ast.Name) and len(node.args) >= 1 and not isinstance(node.args[0], ast.Starred):
                start, end = src.span(node.args[0])
                call_start, call_end = src.span(node)
                add("call left out", src.replace(call_start, call_end, src.text[start:end]))
            for keyword in node.keywords:
                if keyword.arg is None:
                    continue
                start, end = src.offset(keyword.lineno, keyword.col_offset), src.offset(keyword.end_lineno, keyword.end_col_offset)
                before = src.text[:start].rstrip()
                if before.endswith(","):
                    add("keyword argument dropped", src.text[: len(before) - 1] + src.text[end:])
                else:
                    after = src.text[end:]
                    stripped = after.lstrip()
                    if stripped.startswith(","):
                        add("keyword argument dropped", src.text[:start] + stripped[1:].lstrip())
            if isinstance(node.func, ast.Attribute) and node.func.attr in METHOD_SWAP:
                start, end = src.span(node.func)
                name = src.text[start:end]
                if name.endswith(node.func.attr):
                    add("another method", src.replace(end - len(node.func.attr), end, METHOD_SWAP[node.func.attr]))
        elif isinstance(node, ast.Name) and node.id in NAME_SWAP:
            start, end = src.span(node)
            add("another builtin", src.replace(start, end, NAME_SWAP[node.id]))
        elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
            start, end = src.span(node)
            add("flipped boolean", src.replace(start, end, NAME_SWAP[str(node.value)]))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            start, end = src.span(node)
            literal = src.text[start:end]
            if re.fullmatch(r"[rRbBuU]?(['\"])[^'\"\\\n]{1,12}\1", literal):
                add("changed string", src.replace(end - 2, end - 1, ""))
        elif isinstance(node, ast.BoolOp) and len(node.values) == 2:
            start, end = src.span(node.values[0])[1], src.span(node.values[1])[0]
            middle = src.text[start:end]
            word = "and" if isinstance(node.op, ast.And) else "or"
            if re.fullmatch(r"\s*" + word + r"\s*", middle):
                add("and/or swapped", src.replace(start, end, " " + ("or" if word == "and" else "and") + " "))
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            start, end = src.span(node)
            if src.text[start:end].isdigit():
                add("off-by-one constant", src.replace(start, end, str(node.value + 1)))
                if node.value > 0:
                    add("off-by-one constant", src.replace(start, end, str(node.value - 1)))
        elif isinstance(node, (ast.If, ast.While)):
            start, end = src.span(node.test)
            add("negated condition", src.replace(start, end, "not (" + src.text[start:end] + ")"))
        elif isinstance(node, ast.Raise) and isinstance(node.exc, (ast.Name, ast.Call)):
            name = node.exc if isinstance(node.exc, ast.Name) else node.exc.func
            if isinstance(name, ast.Name):
                start, end = src.span(name)
                for other in OTHER_EXCEPTIONS:
                    if other != name.id:
                        add("another exception", src.replace(start, end, other))
                        break
        elif (
            isinstance(node, ast.Return)
            and node.value is not None
            and not (isinstance(node.value, ast.Constant) and node.value.value is None)
        ):
            start, end = src.span(node.value)
            add("returns None", src.replace(start, end, "None"))
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list) or not block or not isinstance(block[0], ast.stmt):
                continue
            statements = [s for s in block if not is_docstring(s)]
            if len(statements) >= 2:
                for stmt in statements:
                    add("dropped statement", src.without_lines(stmt.lineno, stmt.end_lineno))
                for a, b in zip(statements, statements[1:]):
                    if a.end_lineno < b.lineno and a.lineno == a.end_lineno and b.lineno == b.end_lineno:
                        lines = list(src.lines)
                        lines[a.lineno - 1], lines[b.lineno - 1] = lines[b.lineno - 1], lines[a.lineno - 1]
                        add("swapped statements", "\n".join(lines))
    return found


def mutants(fixed, buggy, seed, count):
    excluded = {tree_of(fixed), tree_of(buggy)}
    by_kind = {}
    seen = set()
    for kind, text in mutants_by_kind(fixed):
        tree = tree_of(text)
        if tree is None or tree in excluded or tree in seen:
            continue
        seen.add(tree)
        by_kind.setdefault(kind, []).append(text.rstrip("\n") + "\n")
    rng = random.Random(seed)
    kinds = sorted(by_kind)
    rng.shuffle(kinds)
    for kind in kinds:
        rng.shuffle(by_kind[kind])
    chosen = []
    # One of each kind first, then a second of each, ...: as many kinds as there are.
    while len(chosen) < count and any(by_kind[k] for k in kinds):
        for kind in kinds:
            if by_kind[kind] and len(chosen) < count:
                chosen.append({"kind": kind, "text": by_kind[kind].pop()})
    return chosen


def main():
    asked = json.load(sys.stdin)
    fixed = asked["fixed"]
    undocumented = no_docstring(fixed)
    json.dump(
        {
            "noDocstring": undocumented,
            "blankLinesChanged": blank_lines_changed(fixed),
            "blankLinesChangedNoDocstring": blank_lines_changed(undocumented) if undocumented else None,
            "mutants": mutants(fixed, asked["buggy"], asked["seed"], asked["count"]),
        },
        sys.stdout,
    )


if __name__ == "__main__":
    main()
