"""Build synthetic bug-fix pairs from real Python functions.

Reads Python files from the standard library and installed packages, picks functions, injects
heuristic bugs (the kinds the template generator also fixes, plus a few the paper lists) as
text edits at AST positions, and keeps only edits that parse and change the normalized code.

Output (JSONL, one record per bug, grouped by file):
  {"split", "package", "path", "file", "function", "startLine", "endLine", "kind",
   "buggy": <buggy function text>}
`path` is the absolute path of the original file on this machine (read later by make_inputs);
`file` is the package-relative path shown to the model. The fixed function is the original
text at startLine..endLine of `path`.

Usage: python3 extract_bugs.py OUT_DIR [--max-per-package N] [--bugs-per-function K]
"""

import argparse
import ast
import hashlib
import json
import os
import random
import sys
import sysconfig

# Split by package so no package is in two splits. The held-out packages are algorithmic or
# general-purpose code unlike anything in the training packages' own modules.
TEST_PACKAGES = {"networkx", "click", "pyparsing", "sortedcontainers"}
VALID_PACKAGES = {"jinja2", "dateutil", "idna"}
# Huge packages are capped so they do not drown the rest.
SKIP_PACKAGES = {"pip", "setuptools", "pkg_resources", "_distutils_hack", "test", "idlelib",
                 "lib2to3", "turtledemo", "ensurepip", "site-packages", "__pycache__"}

MIN_LINES, MAX_LINES, MAX_CHARS = 3, 40, 1800

COMPARE_SWAPS = {
    ast.Lt: ["<=", ">", ">="], ast.LtE: ["<", ">="], ast.Gt: [">=", "<", "<="], ast.GtE: [">", "<="],
    ast.Eq: ["!="], ast.NotEq: ["=="],
}
IS_IN_SWAPS = {ast.Is: ["is not", "=="], ast.IsNot: ["is", "!="], ast.In: ["not in"], ast.NotIn: ["in"]}
COMPARE_TEXT = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
                ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in"}
ARITH_SWAPS = {ast.Add: ["-"], ast.Sub: ["+"], ast.Mult: ["/", "+"], ast.Div: ["*", "//"],
               ast.FloorDiv: ["/", "%"], ast.Mod: ["//"], ast.BitAnd: ["|"], ast.BitOr: ["&"],
               ast.LShift: [">>"], ast.RShift: ["<<"]}
ARITH_TEXT = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
              ast.Mod: "%", ast.BitAnd: "&", ast.BitOr: "|", ast.LShift: "<<", ast.RShift: ">>"}
AUG_SWAPS = {ast.Add: "-=", ast.Sub: "+=", ast.Mult: "/=", ast.Div: "*="}
SWAPPED_FUNCS = {"min": "max", "max": "min", "any": "all", "all": "any"}
WRAPPERS = {"list", "tuple", "set", "sorted", "str", "int", "float", "len", "abs", "bool", "dict"}
EXCEPTIONS = ["ValueError", "TypeError", "KeyError", "IndexError", "AttributeError",
              "RuntimeError", "LookupError", "NotImplementedError", "StopIteration"]
NON_COMMUTATIVE = (ast.Sub, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.LShift, ast.RShift)
KIND_WEIGHTS = {"attribute-misuse": 0.4, "deleted-statement": 0.4, "missing-return": 0.5,
                "variable-misuse": 0.7, "bool-constant": 0.5}


def package_roots():
    """(package name, directory or file) for the stdlib and site-packages."""
    stdlib = sysconfig.get_paths()["stdlib"]
    site = sysconfig.get_paths()["purelib"]
    roots = []
    for base, prefix in ((stdlib, "stdlib."), (site, "")):
        for name in sorted(os.listdir(base)):
            full = os.path.join(base, name)
            if name.endswith(".dist-info") or name.endswith(".egg-info") or name.startswith("_"):
                continue
            stem = name[:-3] if name.endswith(".py") else name
            if stem in SKIP_PACKAGES or "-" in stem:
                continue
            if os.path.isdir(full) and not os.path.exists(os.path.join(full, "__init__.py")):
                continue
            if os.path.isfile(full) and not name.endswith(".py"):
                continue
            # stdlib modules and packages are each their own "package"
            roots.append((prefix + stem if prefix else stem, full))
    return roots


def python_files(root):
    if os.path.isfile(root):
        yield root
        return
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in ("tests", "test", "testing", "__pycache__"))
        for name in sorted(filenames):
            if name.endswith(".py") and not name.startswith("test_") and name != "conftest.py":
                yield os.path.join(dirpath, name)


def split_of(package):
    top = package.split(".")[0] if not package.startswith("stdlib.") else package
    if top in TEST_PACKAGES:
        return "test"
    if top in VALID_PACKAGES:
        return "valid"
    return "train"


def functions(tree):
    """(qualname, node) for every function, nested ones included."""
    out = []

    def visit(node, scope):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.append((".".join(scope + [child.name]), child))
                visit(child, scope + [child.name, "<locals>"])
            elif isinstance(child, ast.ClassDef):
                visit(child, scope + [child.name])
            else:
                visit(child, scope)

    visit(tree, [])
    return out


class Lines:
    """The file's lines with byte-offset (AST column) editing."""

    def __init__(self, text):
        self.lines = text.split("\n")

    def col(self, lineno, byte_col):
        raw = self.lines[lineno - 1].encode("utf-8")
        return len(raw[:byte_col].decode("utf-8", errors="replace"))

    def segment(self, l1, c1, l2, c2):
        c1, c2 = self.col(l1, c1), self.col(l2, c2)
        if l1 == l2:
            return self.lines[l1 - 1][c1:c2]
        parts = [self.lines[l1 - 1][c1:]] + self.lines[l1:l2 - 1] + [self.lines[l2 - 1][:c2]]
        return "\n".join(parts)


def node_span(node):
    return (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)


def apply_edits(lines, start, end, edits):
    """Apply [(l1, c1, l2, c2, text)] (AST positions) to lines start..end; return new text."""
    text_lines = list(lines.lines[start - 1:end])
    # Convert to absolute char offsets within the function text, then splice right to left.
    offsets = [0]
    for line in text_lines:
        offsets.append(offsets[-1] + len(line) + 1)
    joined = "\n".join(text_lines)
    spans = []
    for l1, c1, l2, c2, repl in edits:
        a = offsets[l1 - start] + lines.col(l1, c1)
        b = offsets[l2 - start] + lines.col(l2, c2)
        spans.append((a, b, repl))
    spans.sort(reverse=True)
    for i in range(1, len(spans)):
        if spans[i][1] > spans[i - 1][0]:
            return None  # overlapping edits
    for a, b, repl in spans:
        joined = joined[:a] + repl + joined[b:]
    return joined


def dedent_for_parse(text):
    first = text.split("\n", 1)[0]
    indent = first[:len(first) - len(first.lstrip())]
    if not indent:
        return text
    return "\n".join(line[len(indent):] if line.startswith(indent) else line for line in text.split("\n"))


def normalized(text):
    try:
        return ast.dump(ast.parse(dedent_for_parse(text)))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def gap_operator_edit(lines, left, right, old, new):
    """Replace operator text `old` found between two nodes with `new`."""
    if left.end_lineno != right.lineno:
        return None
    gap = lines.lines[left.end_lineno - 1].encode("utf-8")[left.end_col_offset:right.col_offset].decode("utf-8", "replace")
    stripped = gap.strip().strip("()").strip()
    if stripped != old:
        return None
    idx = gap.index(old)
    c1 = left.end_col_offset + len(gap[:idx].encode("utf-8"))
    return (left.end_lineno, c1, left.end_lineno, c1 + len(old.encode("utf-8")), new)


def mutations(fn, lines, rng):
    """Candidate bug edits for one function: {kind: [edit lists]}."""
    found = {}

    def add(kind, edits):
        if edits and all(e is not None for e in edits):
            found.setdefault(kind, []).append(edits)

    def text(node):
        return lines.segment(*node_span(node))

    loads, stores, attrs_by_obj = set(), set(), {}
    for node in ast.walk(fn):
        if isinstance(node, ast.Name):
            (loads if isinstance(node.ctx, ast.Load) else stores).add(node.id)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            attrs_by_obj.setdefault(node.value.id, set()).add(node.attr)
    arg_names = {a.arg for a in fn.args.args + fn.args.kwonlyargs + fn.args.posonlyargs}
    local_names = sorted((stores | arg_names) - {"self", "cls"})

    for node in ast.walk(fn):
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            op, left, right = node.ops[0], node.left, node.comparators[0]
            op_type = type(op)
            if op_type in COMPARE_SWAPS:
                new = rng.choice(COMPARE_SWAPS[op_type])
                add("compare-op", [gap_operator_edit(lines, left, right, COMPARE_TEXT[op_type], new)])
            if op_type in IS_IN_SWAPS:
                new = rng.choice(IS_IN_SWAPS[op_type])
                add("is-in", [gap_operator_edit(lines, left, right, COMPARE_TEXT[op_type], new)])
            if op_type in (ast.Lt, ast.LtE, ast.Gt, ast.GtE) and left.lineno == right.end_lineno:
                add("swap-operands", [(*node_span(left), text(right)), (*node_span(right), text(left))])
        elif isinstance(node, ast.BinOp):
            op_type = type(node.op)
            if op_type in ARITH_SWAPS:
                add("arith-op", [gap_operator_edit(lines, node.left, node.right, ARITH_TEXT[op_type],
                                                   rng.choice(ARITH_SWAPS[op_type]))])
            if isinstance(node.op, NON_COMMUTATIVE) and node.left.lineno == node.right.end_lineno \
                    and text(node.left) != text(node.right):
                add("swap-operands", [(*node_span(node.left), text(node.right)),
                                      (*node_span(node.right), text(node.left))])
            if isinstance(node.op, (ast.Add, ast.Sub)) and isinstance(node.right, ast.Constant) \
                    and node.right.value == 1 and node.lineno == node.end_lineno:
                add("off-by-one", [(*node_span(node), text(node.left))])
        elif isinstance(node, ast.AugAssign) and type(node.op) in AUG_SWAPS:
            add("arith-op", [gap_operator_edit(lines, node.target, node.value, ARITH_TEXT[type(node.op)] + "=",
                                               AUG_SWAPS[type(node.op)])])
        elif isinstance(node, ast.BoolOp) and len(node.values) == 2:
            old, new = ("and", "or") if isinstance(node.op, ast.And) else ("or", "and")
            add("bool-op", [gap_operator_edit(lines, node.values[0], node.values[1], old, new)])
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            add("negation", [(*node_span(node), text(node.operand))])
        elif isinstance(node, (ast.If, ast.While)) and not isinstance(node.test, ast.UnaryOp) \
                and node.test.lineno == node.test.end_lineno:
            inner = text(node.test)
            simple = isinstance(node.test, (ast.Name, ast.Call, ast.Attribute, ast.Subscript))
            add("negation", [(*node_span(node.test), f"not {inner}" if simple else f"not ({inner})")])
        elif isinstance(node, ast.Constant) and type(node.value) is int and 0 <= node.value <= 8 \
                and node.lineno == node.end_lineno:
            delta = rng.choice([-1, 1]) if node.value > 0 else 1
            add("off-by-one", [(*node_span(node), str(node.value + delta))])
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            add("bool-constant", [(*node_span(node), str(not node.value))])
        elif isinstance(node, ast.Call):
            positional = [a for a in node.args if not isinstance(a, ast.Starred)]
            if len(positional) >= 2 and len(positional) == len(node.args):
                i = rng.randrange(len(positional) - 1)
                a, b = positional[i], positional[i + 1]
                if text(a) != text(b) and a.lineno == b.end_lineno:
                    add("swap-args", [(*node_span(a), text(b)), (*node_span(b), text(a))])
            if isinstance(node.func, ast.Name) and node.func.id in SWAPPED_FUNCS:
                add("min-max" if node.func.id in ("min", "max") else "any-all",
                    [(*node_span(node.func), SWAPPED_FUNCS[node.func.id])])
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in loads:
            others = [n for n in local_names if n != node.id and n in loads]
            if others and node.id in local_names:
                add("variable-misuse", [(*node_span(node), rng.choice(others))])
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.lineno == node.end_lineno:
            others = sorted(attrs_by_obj.get(node.value.id, set()) - {node.attr})
            if others and isinstance(node.ctx, ast.Load):
                add("attribute-misuse", [(*node_span(node), f"{node.value.id}.{rng.choice(others)}")])
        elif isinstance(node, ast.Return) and node.value is not None and node.lineno == node.end_lineno:
            value = node.value
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in WRAPPERS \
                    and len(value.args) == 1 and not value.keywords:
                add("return-wrap", [(*node_span(value), text(value.args[0]))])
            if not isinstance(value, ast.Constant):
                add("missing-return", [(*node_span(node), text(value))])
        elif isinstance(node, (ast.Raise, ast.ExceptHandler)):
            exc = node.exc if isinstance(node, ast.Raise) else node.type
            target = exc.func if isinstance(exc, ast.Call) else exc
            if isinstance(target, ast.Name) and target.id in EXCEPTIONS:
                add("wrong-exception", [(*node_span(target), rng.choice([e for e in EXCEPTIONS if e != target.id]))])
        elif isinstance(node, ast.Break):
            add("break-continue", [(*node_span(node), "continue")])
        elif isinstance(node, ast.Continue):
            add("break-continue", [(*node_span(node), "break")])
    # Deleted statement: a one-line simple statement in a block that has others.
    for node in ast.walk(fn):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list) or len(block) < 2 or node is fn and field == "body" and len(block) < 3:
                continue
            for stmt in block:
                if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.Expr)) and stmt.lineno == stmt.end_lineno \
                        and not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)):
                    found.setdefault("deleted-statement", []).append([("delete-line", stmt.lineno)])
    return found


def inject(fn_node, start, end, lines, edits):
    if edits[0][0] == "delete-line":
        line = edits[0][1]
        text_lines = lines.lines[start - 1:end]
        stripped = text_lines[line - start]
        if stripped.rstrip().endswith(("\\", ",")) or ";" in stripped:
            return None
        return "\n".join(text_lines[:line - start] + text_lines[line - start + 1:])
    return apply_edits(lines, start, end, edits)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out_dir")
    parser.add_argument("--max-per-package", type=int, default=2500)
    parser.add_argument("--bugs-per-function", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.out_dir, exist_ok=True)
    seen_hashes = {}
    counts = {}
    out = open(os.path.join(args.out_dir, "bugs.jsonl"), "w")
    # Held-out packages first so a function duplicated into a training package is dropped there.
    roots = sorted(package_roots(), key=lambda r: {"test": 0, "valid": 1, "train": 2}[split_of(r[0])])
    for package, root in roots:
        split = split_of(package)
        fn_count = 0
        files = list(python_files(root))
        rng.shuffle(files)
        for path in files:
            if fn_count >= args.max_per_package:
                break
            try:
                if os.path.getsize(path) > 400_000:
                    continue
                with open(path, encoding="utf-8") as f:
                    source = f.read()
                tree = ast.parse(source)
            except (SyntaxError, UnicodeDecodeError, ValueError, RecursionError, OSError):
                continue
            if "\r" in source or "\t" in source:
                continue
            lines = Lines(source)
            rel = os.path.relpath(path, os.path.dirname(root) if os.path.isdir(root) else os.path.dirname(root))
            for qualname, fn in functions(tree):
                if fn_count >= args.max_per_package:
                    break
                start = min([fn.lineno] + [d.lineno for d in fn.decorator_list])
                end = fn.end_lineno
                if not MIN_LINES <= end - start + 1 <= MAX_LINES:
                    continue
                original = "\n".join(lines.lines[start - 1:end])
                if len(original) > MAX_CHARS:
                    continue
                norm = normalized(original)
                if norm is None:
                    continue
                digest = hashlib.sha1(norm.encode()).hexdigest()
                if digest in seen_hashes:
                    continue
                seen_hashes[digest] = split
                options = mutations(fn, lines, rng)
                # Weighted shuffle: kinds present in nearly every function are drawn less often.
                kinds = sorted(options, key=lambda k: -rng.random() ** (1 / KIND_WEIGHTS.get(k, 1.0)))
                made = 0
                for kind in kinds:
                    if made >= args.bugs_per_function:
                        break
                    edits = rng.choice(options[kind])
                    buggy = inject(fn, start, end, lines, edits)
                    if buggy is None:
                        continue
                    buggy_norm = normalized(buggy)
                    if buggy_norm is None or buggy_norm == norm:
                        continue
                    out.write(json.dumps({
                        "split": split, "package": package, "path": path, "file": rel.replace(os.sep, "/"),
                        "function": qualname, "startLine": start, "endLine": end, "kind": kind, "buggy": buggy,
                    }) + "\n")
                    made += 1
                    counts[(split, kind)] = counts.get((split, kind), 0) + 1
                if made:
                    fn_count += 1
        print(f"{split:5s} {package:40s} {fn_count} functions", file=sys.stderr)
    out.close()
    summary = {}
    for (split, kind), n in sorted(counts.items()):
        summary.setdefault(split, {})[kind] = n
    with open(os.path.join(args.out_dir, "bugs-summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    print(json.dumps({s: sum(v.values()) for s, v in summary.items()}), file=sys.stderr)


if __name__ == "__main__":
    main()
