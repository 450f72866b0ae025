"""Build synthetic bug-fix pairs from real Python functions: the inverse of every template family.

Reads Python files from the standard library and installed packages (not their test files, by
the product's rule: src/core/pytest/test-files.json), picks functions, and injects bugs as
text edits at AST positions. Each bug kind is the inverse of one template edit
kind of the search (src/core/generate/templates, named as in priors.ts): the bug is made so
that the family's edit, applied to the buggy function, gives the original back (a dropped
conjunct is what condition-narrow adds, a deleted `xs.append(x)` what insert-statement
inserts). The table of families and kinds is in models/training/README.md ("Bug kinds"); which
kinds a function gets is drawn so the whole corpus follows the mix of bug_mix.py (real
single-statement bug statistics, plus our estimates for the kinds they do not count).
An edit is kept only if the result parses and its normalized AST differs.

Output (JSONL, one record per bug, grouped by file):
  {"id", "split", "package", "path", "file", "function", "startLine", "endLine", "kind",
   "buggy": <buggy function text>}
`path` is the absolute path of the original file on this machine (read later by make_inputs);
`file` is the package-relative path shown to the model. The fixed function is the original
text at startLine..endLine of `path`. `id` hashes the package-relative file, the function, the
kind and both texts: the same bug gets the same id on any machine with the same package
version (held-out lists use it, see heldout.py).

Usage: python3 extract_bugs.py OUT_DIR [--max-per-package N] [--bugs-per-function K]
           [--packages a,b,...] [--seed S] [--corpus DIR] [--every-kind]
--corpus reads the packages and modules in DIR instead; --every-kind makes one bug of every kind
a function offers instead of drawing them by the mix. Both are for checking the kinds against
the search on a fixed corpus (the unit test of check-inverse.ts's core, inverse.ts).
"""

import argparse
import ast
import fnmatch
import hashlib
import json
import os
import random
import re
import sys
import sysconfig

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bug_mix import KIND_SHARES, TRAINING_KINDS  # noqa: E402

# The product's test-file rule (isTestFile, src/core/pytest/failures.ts) owns these patterns:
# the corpus leaves out what the engine treats as tests, and never edits.
with open(os.path.join(HERE, "..", "..", "src", "core", "pytest", "test-files.json")) as _rule:
    TEST_FILES = json.load(_rule)

# Split by package so no package is in two splits. The held-out packages are algorithmic or
# general-purpose code unlike anything in the training packages' own modules.
TEST_PACKAGES = {"networkx", "click", "pyparsing", "sortedcontainers"}
VALID_PACKAGES = {"jinja2", "dateutil", "idna"}
SKIP_PACKAGES = {
    "pip",
    "setuptools",
    "pkg_resources",
    "_distutils_hack",
    "test",
    "idlelib",
    "lib2to3",
    "turtledemo",
    "ensurepip",
    "site-packages",
    "__pycache__",
}

# The function-length limit is the format's (format.ts maxFunctionLines, config.json
# deepdebug.maxFunctionLines): the model marks and edits lines <L0>..<L31> of functions of at
# most 32 lines. MAX_CHARS only skips functions whose marked text could not fit the encoder
# budget anyway (make-inputs.ts applies the exact token rule).
MIN_LINES, MAX_LINES, MAX_CHARS = 3, 32, 1000

# The search's alternative tables (operators.ts, calls.ts), buggy text -> the fixes it tries.
# A bug replaces an original X by a Y whose table lists X, so the family proposes the fix.
COMPARISONS = {
    "<": ["<=", ">", ">=", "!=", "=="],
    "<=": ["<", ">=", ">", "==", "!="],
    ">": [">=", "<", "<=", "!=", "=="],
    ">=": [">", "<=", "<", "==", "!="],
    "==": ["!=", "<=", ">=", "<", ">"],
    "!=": ["==", "<", ">", "<=", ">="],
}
ARITHMETIC = {
    "+": ["-", "*"],
    "-": ["+", "*"],
    "*": ["/", "+", "//", "**"],
    "/": ["//", "*"],
    "//": ["/", "%", "*"],
    "%": ["//"],
    "**": ["*"],
}
BITWISE = {"&": ["|", "^"], "|": ["&", "^"], "^": ["|", "&"], "<<": [">>"], ">>": ["<<"]}
AUGMENTED = {
    "+=": ["-=", "=", "*="],
    "-=": ["+=", "="],
    "*=": ["/=", "+=", "="],
    "/=": ["//=", "*="],
    "//=": ["/=", "%="],
    "%=": ["//="],
    "&=": ["|=", "^="],
    "|=": ["&=", "^="],
    "^=": ["&=", "|="],
    "<<=": [">>="],
    ">>=": ["<<="],
}
FUNCTION_SWAPS = {"min": ["max"], "max": ["min"], "any": ["all"], "all": ["any"], "floor": ["ceil"], "ceil": ["floor"]}
COPIES = {"copy": ["deepcopy"], "deepcopy": ["copy"]}
METHODS = {
    "get": ["pop"],
    "pop": ["get", "popleft"],
    "popleft": ["pop"],
    "append": ["extend", "appendleft", "add"],
    "extend": ["append", "update"],
    "appendleft": ["append"],
    "add": ["append", "update"],
    "update": ["add", "extend"],
    "remove": ["discard", "pop"],
    "discard": ["remove"],
    "keys": ["values", "items"],
    "values": ["keys", "items"],
    "items": ["values", "keys"],
    "startswith": ["endswith"],
    "endswith": ["startswith"],
    "lower": ["upper"],
    "upper": ["lower"],
    "strip": ["rstrip", "lstrip"],
    "lstrip": ["rstrip", "strip"],
    "rstrip": ["lstrip", "strip"],
    "find": ["rfind", "index"],
    "rfind": ["find"],
    "index": ["rindex", "find"],
    "split": ["rsplit"],
    "rsplit": ["split"],
    "insert": ["append"],
}


def inverse(table):
    """original -> [buggy texts whose alternatives include it]."""
    out = {}
    for buggy, fixes in table.items():
        for fix in fixes:
            out.setdefault(fix, []).append(buggy)
    return out


BUG_COMPARISON, BUG_ARITHMETIC, BUG_BITWISE = inverse(COMPARISONS), inverse(ARITHMETIC), inverse(BITWISE)
BUG_AUGMENTED, BUG_METHOD = inverse(AUGMENTED), inverse(METHODS)
COMPARE_TEXT = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.In: "in",
    ast.NotIn: "not in",
}
OP_TEXT = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.Pow: "**",
    ast.BitAnd: "&",
    ast.BitOr: "|",
    ast.BitXor: "^",
    ast.LShift: "<<",
    ast.RShift: ">>",
    ast.MatMult: "@",
}
NON_COMMUTATIVE = {"-", "/", "//", "%", "**", "<<", ">>", "@"}
# builtins.ts: what a value may have lost (WRAPPERS) or wrongly carry (UNWRAPPABLE).
WRAPPERS = {"max", "min", "abs", "int", "str", "len", "sorted", "list", "set", "sum"}
UNWRAPPABLE = ["list", "sorted", "len", "str", "int", "abs", "set", "tuple", "bool", "float"]
COMMON_EXCEPTIONS = ["ValueError", "TypeError", "KeyError", "IndexError"]
EFFECT_METHODS = {
    "append",
    "extend",
    "add",
    "update",
    "insert",
    "remove",
    "discard",
    "sort",
    "reverse",
    "clear",
    "write",
    "appendleft",
    "setdefault",
}
FILLING_METHODS = {"append": "list", "add": "set", "appendleft": "list"}
ATOMIC = (ast.Name, ast.Attribute, ast.Call, ast.Subscript, ast.Constant)
LOOSE = (ast.BoolOp, ast.IfExp, ast.Lambda, ast.NamedExpr)


def package_roots(corpus=None):
    """(package name, directory or file) for the stdlib and site-packages, or for the packages in `corpus`."""
    paths = sysconfig.get_paths()
    bases = ((corpus, ""),) if corpus else ((paths["stdlib"], "stdlib."), (paths["purelib"], ""))
    roots = []
    for base, prefix in bases:
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
            roots.append((prefix + stem if prefix else stem, full))
    return roots


def is_test_file(rel):
    """isTestFile's rule on a relative path: a .py file named like a test or under a test folder."""
    parts = re.split(r"[\\/]", rel)
    name = parts[-1]
    if not name.endswith(".py"):
        return False
    return any(fnmatch.fnmatchcase(name, glob) for glob in TEST_FILES["names"]) or any(d in TEST_FILES["folders"] for d in parts[:-1])


def python_files(root):
    """The .py files of a package (a folder, or a module on its own) other than its tests."""
    base = os.path.dirname(root)
    if os.path.isfile(root):
        if not is_test_file(os.path.basename(root)):
            yield root
        return
    for dirpath, dirnames, filenames in os.walk(root):
        # Test helper packages (numpy.testing) are no test files, but code about tests, not under test.
        dirnames[:] = sorted(d for d in dirnames if d not in ("testing", "__pycache__"))
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            if name.endswith(".py") and not is_test_file(os.path.relpath(path, base)):
                yield path


def split_of(package):
    top = package.split(".")[0] if not package.startswith("stdlib.") else package
    if top in TEST_PACKAGES:
        return "test"
    if top in VALID_PACKAGES:
        return "valid"
    return "train"


def functions(tree):
    """(qualname, node, class node or None, enclosing function nodes) for every function."""
    out = []

    def visit(node, scope, cls, outer):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.append((".".join(scope + [child.name]), child, cls, outer))
                visit(child, scope + [child.name, "<locals>"], None, outer + [child])
            elif isinstance(child, ast.ClassDef):
                visit(child, scope + [child.name], child, outer)
            else:
                visit(child, scope, cls, outer)

    visit(tree, [], None, [])
    return out


class Lines:
    """The file's lines; AST byte columns converted to character columns."""

    def __init__(self, text):
        self.lines = text.split("\n")

    def col(self, lineno, byte_col):
        raw = self.lines[lineno - 1].encode("utf-8")
        return len(raw[:byte_col].decode("utf-8", errors="replace"))

    def span(self, node):
        return (node.lineno, self.col(node.lineno, node.col_offset), node.end_lineno, self.col(node.end_lineno, node.end_col_offset))

    def segment(self, l1, c1, l2, c2):
        if l1 == l2:
            return self.lines[l1 - 1][c1:c2]
        return "\n".join([self.lines[l1 - 1][c1:]] + self.lines[l1 : l2 - 1] + [self.lines[l2 - 1][:c2]])


def apply_edits(lines, start, end, edits):
    """Apply [(l1, c1, l2, c2, text)] (character columns) to lines start..end; the new text or None."""
    text_lines = list(lines.lines[start - 1 : end])
    offsets = [0]
    for line in text_lines:
        offsets.append(offsets[-1] + len(line) + 1)
    joined = "\n".join(text_lines)
    spans = []
    for l1, c1, l2, c2, repl in edits:
        if not (start <= l1 <= end and start <= l2 <= end):
            return None
        spans.append((offsets[l1 - start] + c1, offsets[l2 - start] + c2, repl))
    spans.sort(key=lambda s: (s[0], s[1]), reverse=True)
    for i in range(1, len(spans)):
        if spans[i][1] > spans[i - 1][0]:
            return None  # overlapping edits
    for a, b, repl in spans:
        joined = joined[:a] + repl + joined[b:]
    return joined


def dedent_for_parse(text):
    first = text.split("\n", 1)[0]
    indent = first[: len(first) - len(first.lstrip())]
    if not indent:
        return text
    return "\n".join(line[len(indent) :] if line.startswith(indent) else line for line in text.split("\n"))


def normalized(text):
    try:
        return ast.dump(ast.parse(dedent_for_parse(text)))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def style(name):
    if name.isupper() or re.fullmatch(r"[A-Z0-9_]+", name):
        return "constant"
    return "camel" if re.search(r"[a-z][A-Z]", name) else "snake"


def similarity(a, b):
    """1 - edit distance / longer length: edit.ts's nameSimilarity."""
    longer = max(len(a), len(b))
    if longer == 0:
        return 1.0
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i]
        for j in range(1, len(b) + 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] != b[j - 1])))
        previous = current
    return 1 - previous[len(b)] / longer


def top_choice(rng, options, weights, keep):
    """One of the `keep` best-weighted options, drawn by weight: the family tries only its best few per site."""
    ranked = sorted(zip(weights, options), key=lambda wo: -wo[0])[:keep]
    return rng.choices([o for _, o in ranked], [w for w, _ in ranked])[0]


class Function:
    """One function with what the families look at: its scope, the file's names, positions."""

    def __init__(self, tree, lines, fn, cls, outer, start, end, rng):
        self.tree, self.lines, self.fn, self.cls, self.outer = tree, lines, fn, cls, outer
        self.start, self.end, self.rng = start, end, rng
        self.parent = {}
        for node in ast.walk(fn):
            for child in ast.iter_child_nodes(node):
                self.parent[child] = node
        args = fn.args
        self.params = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
        if args.vararg:
            self.params.append(args.vararg.arg)
        if args.kwarg:
            self.params.append(args.kwarg.arg)
        self.receiver = self.params[0] if cls is not None and self.params and self.params[0] in ("self", "cls") else None
        self.stores, self.loads = [], set()
        for node in ast.walk(fn):
            if isinstance(node, ast.Name):
                if isinstance(node.ctx, ast.Store):
                    if node.id not in self.stores:
                        self.stores.append(node.id)
                else:
                    self.loads.add(node.id)
        self.locals = [n for n in self.stores if n not in self.params]
        self.own = [n for n in self.params + self.locals if n != self.receiver]
        self.module_names = []
        self.file_functions = {}
        for stmt in tree.body:
            if isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    if isinstance(target, ast.Name) and target.id not in self.module_names:
                        self.module_names.append(target.id)
            elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.file_functions[stmt.name] = arity(stmt)
        self.enclosing = []
        for outer_fn in outer:
            for node in ast.walk(outer_fn):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and node.id not in self.enclosing:
                    self.enclosing.append(node.id)
            for a in outer_fn.args.args:
                if a.arg not in self.enclosing:
                    self.enclosing.append(a.arg)
        self.exceptions = set()
        for node in ast.walk(tree):
            exc = node.exc if isinstance(node, ast.Raise) else node.type if isinstance(node, ast.ExceptHandler) else None
            for name in exception_names(exc):
                self.exceptions.add(name.id)
        self.members = set()
        if cls is not None and self.receiver:
            for node in ast.walk(cls):
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == self.receiver:
                    self.members.add(node.attr)
        self.called = {id(n.func) for n in ast.walk(fn) if isinstance(n, ast.Call)}
        # Type annotations are not code the families edit (type[T] is no index, list[str] no subscript).
        roots = [
            a.annotation
            for a in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]
            if a is not None and a.annotation is not None
        ]
        roots += [fn.returns] if fn.returns is not None else []
        roots += [n.annotation for n in ast.walk(fn) if isinstance(n, ast.AnnAssign)]
        self.annotations = {id(n) for root in roots for n in ast.walk(root)}

    # -- text --
    def text(self, node):
        return self.lines.segment(*self.lines.span(node))

    def replace(self, node, text):
        return (*self.lines.span(node), text)

    def line(self, lineno):
        return self.lines.lines[lineno - 1]

    def indent(self, lineno):
        line = self.line(lineno)
        return line[: len(line) - len(line.lstrip())]

    def own_line(self, stmt):
        """The statement alone on its one line (no `;`, no trailing code)."""
        if stmt.lineno != stmt.end_lineno:
            return False
        line = self.line(stmt.lineno)
        rest = line[self.lines.col(stmt.lineno, stmt.end_col_offset) :].strip()
        return (
            line.strip() == self.text(stmt) + (" " + rest if rest else "")
            and (rest == "" or rest.startswith("#"))
            and ";" not in self.text(stmt)
        )

    def delete_line(self, lineno):
        if lineno <= self.start:
            return None
        return (lineno - 1, len(self.line(lineno - 1)), lineno, len(self.line(lineno)), "")

    def insert_after(self, lineno, indent, text):
        end = len(self.line(lineno))
        return (lineno, end, lineno, end, "\n" + indent + text)

    def insert_before(self, lineno, indent, text):
        return (lineno, 0, lineno, 0, indent + text + "\n")

    # -- structure --
    def blocks(self):
        """(owner node, field, statement list) for every block of the function's own code."""
        out = []
        for node in ast.walk(self.fn):
            if node is not self.fn and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                continue
            for field in ("body", "orelse", "finalbody"):
                block = getattr(node, field, None)
                if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                    out.append((node, field, block))
        return out

    def loops_around(self, node):
        loops, p = [], self.parent.get(node)
        while p is not None and p is not self.fn:
            if isinstance(p, (ast.For, ast.While, ast.AsyncFor)):
                loops.append(p)
            if isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                break
            p = self.parent.get(p)
        return loops

    def is_called(self, node):
        return id(node) in self.called


def arity(fn):
    args = fn.args
    positional = args.posonlyargs + args.args
    total = float("inf") if args.vararg else len(positional)
    return len(positional) - len(args.defaults), total


def exception_names(node):
    if node is None:
        return []
    if isinstance(node, ast.Name):
        return [node]
    if isinstance(node, ast.Call):
        return exception_names(node.func)
    if isinstance(node, ast.Tuple):
        return [n for elt in node.elts for n in exception_names(elt)]
    return []


def gap_edit(f, left, right, old, new):
    """Replace operator text `old` found between two nodes with `new` (character columns)."""
    if left.end_lineno != right.lineno:
        return None
    line = f.line(left.end_lineno)
    c0, c1 = f.lines.col(left.end_lineno, left.end_col_offset), f.lines.col(right.lineno, right.col_offset)
    gap = line[c0:c1]
    if gap.strip().strip("()").strip() != old:
        return None
    at = c0 + gap.index(old)
    return (left.end_lineno, at, left.end_lineno, at + len(old), new)


def operand(f, node):
    return f"({f.text(node)})" if isinstance(node, LOOSE) else f.text(node)


def additive(f, node):
    """Text of node as the left operand of `+ 1`: parenthesized unless it binds at least as tightly."""
    if isinstance(node, (ast.Name, ast.Attribute, ast.Call, ast.Subscript, ast.Constant)):
        return f.text(node)
    if isinstance(node, ast.BinOp) and OP_TEXT.get(type(node.op)) in ("+", "-", "*", "/", "//", "%", "**"):
        return f.text(node)
    return f"({f.text(node)})"


def decimal(f, node):
    return isinstance(node, ast.Constant) and type(node.value) is int and f.text(node).isdigit()


def index_position(f, node):
    """Whether node is an index, a slice bound or a range() argument (off-by-one.ts's positions)."""
    parent = f.parent.get(node)
    if isinstance(parent, ast.Slice):
        return node is not parent.step
    if isinstance(parent, ast.Subscript):
        return (
            parent.slice is node
            and not isinstance(node, (ast.Tuple, ast.Slice))
            and not (isinstance(node, ast.Constant) and isinstance(node.value, str))
        )
    if isinstance(parent, ast.Call) and node in parent.args:
        return isinstance(parent.func, ast.Name) and parent.func.id == "range"
    return False


def value_position(f, node):
    """Returned, passed, compared or assigned (builtins.ts's wrappable positions)."""
    parent = f.parent.get(node)
    if isinstance(parent, ast.Return):
        return True
    if isinstance(parent, ast.Call):
        return node in parent.args
    if isinstance(parent, ast.Compare):
        return True
    if isinstance(parent, (ast.Assign, ast.AugAssign)):
        return parent.value is node
    return False


def is_condition(f, node):
    parent = f.parent.get(node)
    return isinstance(parent, (ast.If, ast.While, ast.IfExp)) and parent.test is node


class Maker:
    """Candidate bugs per kind for one function: {kind: [(edits, weight)]}."""

    def __init__(self, f):
        self.f = f
        self.found = {}

    def add(self, kind, edits, weight=1.0):
        if kind not in TRAINING_KINDS:
            raise ValueError(f"{kind} is no training inverse in src/core/generate/edit-kinds.json")
        if edits and all(e is not None for e in edits) and weight > 0:
            self.found.setdefault(kind, []).append((edits, weight))

    def run(self):
        f = self.f
        for node in ast.walk(f.fn):
            if node is f.fn or not hasattr(node, "end_lineno") or node.end_lineno is None or id(node) in f.annotations:
                continue
            for rule in (
                self.operators,
                self.literals,
                self.names,
                self.calls,
                self.expressions,
                self.returns,
                self.swaps,
                self.wrapping,
                self.exceptions,
                self.conditions,
            ):
                rule(node)
        self.statements()
        return self.found

    # operators.ts: comparison, identity, membership, arithmetic, bitwise, augmented, boolean, not, True/False
    def operators(self, node):
        f, rng = self.f, self.f.rng
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            old = COMPARE_TEXT[type(node.ops[0])]
            left, right = node.left, node.comparators[0]
            if old in BUG_COMPARISON:
                self.add("compare-op", [gap_edit(f, left, right, old, rng.choice(BUG_COMPARISON[old]))])
            swaps = {
                "is": ("identity-op", "is not"),
                "is not": ("identity-op", "is"),
                "in": ("membership-op", "not in"),
                "not in": ("membership-op", "in"),
            }
            if old in swaps:
                kind, new = swaps[old]
                self.add(kind, [gap_edit(f, left, right, old, new)])
        elif isinstance(node, ast.BinOp):
            old = OP_TEXT.get(type(node.op))
            for kind, table in (("arith-op", BUG_ARITHMETIC), ("bitwise-op", BUG_BITWISE)):
                if old in table:
                    self.add(kind, [gap_edit(f, node.left, node.right, old, rng.choice(table[old]))])
        elif isinstance(node, ast.AugAssign):
            old = OP_TEXT.get(type(node.op), "?") + "="
            if old in BUG_AUGMENTED:
                self.add("augmented-op", [gap_edit(f, node.target, node.value, old, rng.choice(BUG_AUGMENTED[old]))])
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            # `x = v` written `x += v`: the family's `+=` -> `=`, for a name that already has a value.
            name = node.targets[0].id
            earlier = any(
                isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) and n.lineno < node.lineno for n in ast.walk(f.fn)
            )
            if earlier or name in f.params:
                self.add("augmented-op", [gap_edit(f, node.targets[0], node.value, "=", rng.choice(["+=", "-=", "*="]))], 0.3)
        elif isinstance(node, ast.BoolOp) and len(node.values) == 2:
            old, new = ("and", "or") if isinstance(node.op, ast.And) else ("or", "and")
            self.add("bool-op", [gap_edit(f, node.values[0], node.values[1], old, new)])
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            self.add("negation", [f.replace(node, operand(f, node.operand))], 0.5)
        elif is_condition(f, node) or isinstance(f.parent.get(node), ast.BoolOp):
            if not isinstance(node, (ast.Constant, ast.BoolOp)) and node.lineno == node.end_lineno:
                self.add("negation", [f.replace(node, f"not {operand(f, node)}")])
        if isinstance(node, ast.Constant) and type(node.value) is bool:
            self.add("bool-literal", [f.replace(node, str(not node.value))])

    # off-by-one.ts: integer literals and index / range / slice bounds one up or down
    def literals(self, node):
        f, rng = self.f, self.f.rng
        if decimal(f, node) and not isinstance(f.parent.get(node), ast.UnaryOp):
            kind = "off-by-one" if index_position(f, node) else "literal-off-by-one"
            value = node.value
            new = value + rng.choice([-1, 1]) if value > 0 else value + 1
            self.add(kind, [f.replace(node, str(new))], 1.0 if value <= 64 else 0.2)
        elif index_position(f, node) and node.lineno == node.end_lineno:
            if (
                isinstance(node, ast.BinOp)
                and isinstance(node.op, (ast.Add, ast.Sub))
                and isinstance(node.right, ast.Constant)
                and node.right.value == 1
            ):
                self.add("off-by-one", [f.replace(node, f.text(node.left))])
            elif not isinstance(node, ast.UnaryOp):
                self.add("off-by-one", [f.replace(node, f"{additive(f, node)} {rng.choice(['+', '-'])} 1")], 0.7)
        # literals.ts: a placeholder where a name was meant (return [] for return result)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in f.own:
            parent = f.parent.get(node)
            fill = (
                isinstance(parent, ast.Return)
                or (isinstance(parent, ast.Call) and node in parent.args)
                or isinstance(parent, ast.keyword)
                or (isinstance(parent, ast.Assign) and parent.value is node)
                or (isinstance(parent, ast.Subscript) and parent.slice is node)
            )
            if fill:
                collection = any(
                    isinstance(n, ast.Call)
                    and isinstance(n.func, ast.Name)
                    and n.func.id == "len"
                    and n.args
                    and isinstance(n.args[0], ast.Name)
                    and n.args[0].id == node.id
                    for n in ast.walk(f.fn)
                )
                choices = ["[]", "{}", "None"] if collection else ["0", "None", "1", "''", "[]"]
                if isinstance(parent, ast.Subscript):
                    choices = ["0", "1"]
                self.add("fill-literal", [f.replace(node, rng.choice(choices))])

    # names.ts: variable misuse, attribute misuse (and receiver), dot vs bracket;
    # outer-names.ts: a module or enclosing name, another function of the file
    def names(self, node):
        f, rng = self.f, self.f.rng
        if isinstance(node, ast.Name) and node.id in f.own:
            others = [n for n in f.own if n != node.id]
            if others:
                # Slips are likelier between similar or same-style names (names.ts's affinity).
                weights = [(0.5 + 0.5 * similarity(node.id, o)) * (1.0 if style(o) == style(node.id) else 0.5) for o in others]
                other = top_choice(rng, others, weights, 8)
                load = isinstance(node.ctx, ast.Load)
                self.add("variable-misuse", [f.replace(node, other)], 1.0 if load else 0.4)
            if f.receiver and isinstance(node.ctx, ast.Load) and node.id != f.receiver and not f.is_called(node):
                self.add("attribute-misuse", [f.replace(node, f"{f.receiver}.{node.id}")], 0.3)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and not f.is_called(node):
            outer = [n for n in f.enclosing + f.module_names if n not in f.own and n not in f.loads]
            if node.id in f.enclosing + f.module_names and outer:
                weights = [(1.0 if style(o) == style(node.id) else 0.4) * (0.5 + 0.5 * similarity(node.id, o)) for o in outer]
                self.add("outer-variable-misuse", [f.replace(node, top_choice(rng, outer, weights, 3))])
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and isinstance(node.ctx, ast.Load)
            and node.lineno == node.end_lineno
        ):
            obj = node.value.id
            called = f.is_called(node)
            same = sorted(
                {
                    n.attr
                    for n in ast.walk(f.fn)
                    if isinstance(n, ast.Attribute)
                    and isinstance(n.value, ast.Name)
                    and n.value.id == obj
                    and n.attr != node.attr
                    and f.is_called(n) == called
                }
            )
            if obj == f.receiver:
                same = sorted(set(same) | {m for m in f.members if m != node.attr and similarity(m, node.attr) >= 0.6})
            if same:
                weights = [0.5 + 0.5 * similarity(node.attr, m) for m in same]
                self.add("attribute-misuse", [f.replace(node, f"{obj}.{top_choice(rng, same, weights, 8)}")])
            if obj == f.receiver and not called and node.attr not in f.own and node.attr.isidentifier():
                self.add("attribute-misuse", [f.replace(node, node.attr)], 0.5)  # self.x written x
            if obj != f.receiver and not called:
                self.add("dot-bracket", [f.replace(node, f"{obj}[{node.attr!r}]")], 0.5)
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, str)
            and node.slice.value.isidentifier()
            and isinstance(node.ctx, ast.Load)
            and node.lineno == node.end_lineno
            and f.text(node.slice)[:1] in "'\""
        ):
            self.add("dot-bracket", [f.replace(node, f"{f.text(node.value)}.{node.slice.value}")])
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in f.file_functions
            and not any(isinstance(a, ast.Starred) for a in node.args)
            and all(k.arg for k in node.keywords)
        ):
            n = len(node.args)
            others = [g for g, (low, high) in f.file_functions.items() if g != node.func.id and low <= n <= high]
            if others:
                weights = [0.5 + 0.5 * similarity(node.func.id, g) for g in others]
                self.add("callee-misuse", [f.replace(node.func, top_choice(rng, others, weights, 3))])

    # calls.ts: the wrong one of a pair of functions or methods
    def calls(self, node):
        f, rng = self.f, self.f.rng
        if not isinstance(node, ast.Call):
            return
        func = node.func
        if isinstance(func, ast.Name) and func.id in FUNCTION_SWAPS:
            self.add("builtin-swap", [f.replace(func, FUNCTION_SWAPS[func.id][0])])
        elif isinstance(func, ast.Attribute) and func.end_lineno == func.lineno:
            name = func.attr
            obj = f.text(func.value)
            table = COPIES if obj == "copy" else FUNCTION_SWAPS
            if name in table:
                self.add(
                    "builtin-swap",
                    [
                        (
                            func.end_lineno,
                            f.lines.col(func.end_lineno, func.end_col_offset) - len(name),
                            func.end_lineno,
                            f.lines.col(func.end_lineno, func.end_col_offset),
                            table[name][0],
                        )
                    ],
                )
            if name in BUG_METHOD:
                c2 = f.lines.col(func.end_lineno, func.end_col_offset)
                self.add("method-swap", [(func.end_lineno, c2 - len(name), func.end_lineno, c2, rng.choice(BUG_METHOD[name]))])

    # expressions.ts: off by one or by a name outside index positions, sign, slices
    def expressions(self, node):
        f, rng = self.f, self.f.rng
        parent = f.parent.get(node)
        if node.lineno != node.end_lineno or index_position(f, node):
            return
        factor = isinstance(parent, ast.BinOp) and OP_TEXT.get(type(parent.op)) in ("*", "/", "//", "%", "**")
        argument = (
            isinstance(parent, ast.Call) and node in parent.args and not (isinstance(parent.func, ast.Name) and parent.func.id == "range")
        )
        returned = isinstance(parent, ast.Return)
        iterable = isinstance(parent, (ast.For, ast.comprehension)) and parent.iter is node
        if not (factor or argument or returned or iterable):
            return
        inner = node
        if not iterable and isinstance(inner, ast.BinOp) and isinstance(inner.op, (ast.Add, ast.Sub)):
            if isinstance(inner.right, ast.Constant) and inner.right.value == 1:
                self.add("expression-tweak", [f.replace(node, f.text(inner.left))])  # the family adds `+ 1` back
            elif isinstance(inner.right, ast.Name) and inner.right.id in f.own:
                self.add("expression-tweak", [f.replace(node, f.text(inner.left))], 0.6)  # `i + lo` written `i`
        numeric = isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len"
        if not iterable and (numeric or (isinstance(node, ast.Name) and node.id in f.own and self.numeric(node.id))):
            text = f"({f.text(node)} + 1)" if factor else f"{f.text(node)} {rng.choice(['+', '-'])} 1"
            self.add("expression-tweak", [f.replace(node, text)], 0.6)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and not isinstance(node.operand, ast.Constant):
            self.add("expression-tweak", [f.replace(node, f.text(node.operand))], 0.5)
        if (
            (argument or iterable)
            and isinstance(node, ast.Subscript)
            and isinstance(node.slice, ast.Slice)
            and isinstance(node.value, (ast.Name, ast.Attribute))
            and f.text(node.slice) in ("1:", ":-1", "::-1")
        ):
            if f.text(node.slice) != "::-1" or argument:
                self.add("expression-tweak", [f.replace(node, f.text(node.value))])

    def numeric(self, name):
        """A name used in arithmetic or compared with a number in the function."""
        for n in ast.walk(self.f.fn):
            if isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Add, ast.Sub, ast.Mult)):
                if any(isinstance(side, ast.Name) and side.id == name for side in (n.left, n.right)):
                    return True
            if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name) and n.target.id == name:
                return True
        return False

    # returns.ts: return values wrapped or unwrapped, values not returned
    def returns(self, node):
        f, rng = self.f, self.f.rng
        if not isinstance(node, ast.Return) or node.value is None or node.lineno != node.end_lineno:
            return
        value = node.value
        if isinstance(value, ast.List) and len(value.elts) == 1:
            self.add("return-wrap", [f.replace(value, f.text(value.elts[0]))])
        elif not isinstance(value, (ast.Constant, ast.List, ast.Tuple, ast.ListComp)):
            self.add("return-wrap", [f.replace(value, f"[{f.text(value)}]" if rng.random() < 0.6 else f"({f.text(value)},)")], 0.5)
        # `return expr` written `expr`: the family's bare-expression rule (last statement of a block).
        block = self.block_of(node)
        effect = isinstance(value, ast.Call) and (
            isinstance(value.func, ast.Name)
            and value.func.id == "print"
            or isinstance(value.func, ast.Attribute)
            and value.func.attr in EFFECT_METHODS
        )
        if (
            block
            and block[-1] is node
            and not isinstance(value, (ast.Constant, ast.Yield, ast.Await, ast.JoinedStr))
            and not effect
            and f.own_line(node)
        ):
            self.add("missing-return", [f.replace(node, f.text(value))])

    def block_of(self, stmt):
        parent = self.f.parent.get(stmt)
        for field in ("body", "orelse", "finalbody", "handlers"):
            block = getattr(parent, field, None)
            if isinstance(block, list) and stmt in block:
                return block
        return None

    # swaps.ts: swapped arguments, swapped operands (non-commutative, membership)
    def swaps(self, node):
        f, rng = self.f, self.f.rng
        if isinstance(node, ast.Call) and not any(isinstance(a, ast.Starred) for a in node.args) and len(node.args) >= 2:
            i = rng.randrange(len(node.args) - 1)
            a, b = node.args[i], node.args[i + 1]
            if f.text(a) != f.text(b) and a.lineno == b.end_lineno:
                self.add("swap-args", [f.replace(a, f.text(b)), f.replace(b, f.text(a))])
        pair = None
        if isinstance(node, ast.BinOp) and OP_TEXT.get(type(node.op)) in NON_COMMUTATIVE:
            pair = (node.left, node.right)
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)):
            pair = (node.left, node.comparators[0])
        if (
            pair
            and all(isinstance(p, ATOMIC) for p in pair)
            and f.text(pair[0]) != f.text(pair[1])
            and pair[0].lineno == pair[1].end_lineno
        ):
            self.add("swap-operands", [f.replace(pair[0], f.text(pair[1])), f.replace(pair[1], f.text(pair[0]))])

    # wrapping.ts: a missing call (recursion, reversed, sorted), a loop the wrong way round;
    # builtins.ts: a builtin call lost (wrap-builtin) or added (unwrap-call)
    def wrapping(self, node):
        f, rng = self.f, self.f.rng
        parent = f.parent.get(node)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and len(node.args) == 1
            and not node.keywords
            and isinstance(node.args[0], ast.Name)
        ):
            name, arg = node.func.id, node.args[0]
            recursive = f.cls is None and not f.outer and len(f.params) == 1 and name == f.fn.name
            in_value = isinstance(parent, (ast.Return, ast.BinOp, ast.Tuple, ast.Assign)) or (
                isinstance(parent, ast.Call) and node in parent.args
            )
            if recursive and isinstance(parent, (ast.Return, ast.BinOp, ast.Tuple)) and arg.id != name:
                self.add("missing-call", [f.replace(node, arg.id)])
            elif name in ("reversed", "sorted") and in_value:
                self.add("missing-call", [f.replace(node, arg.id)], 0.7)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in WRAPPERS
            and value_position(f, node)
            and node.args
            and not node.keywords
            and not any(isinstance(a, ast.Starred) for a in node.args)
        ):
            inner = node.args[0]
            ok = len(node.args) == 1 or (node.func.id in ("max", "min") and len(node.args) == 2)
            if (
                ok
                and isinstance(inner, (ast.Name, ast.Call, ast.Subscript, ast.BinOp, ast.Attribute))
                and not (isinstance(parent, ast.For) and parent.iter is node)
            ):
                self.add("wrap-builtin", [f.replace(node, f.text(inner))])
        if (
            isinstance(node, (ast.Name, ast.Attribute))
            and isinstance(node.ctx, ast.Load)
            and not f.is_called(node)
            and node.lineno == node.end_lineno
            and (
                isinstance(parent, ast.Return)
                or (isinstance(parent, ast.Assign) and parent.value is node)
                or (isinstance(parent, ast.Call) and node in parent.args and not isinstance(f.parent.get(parent), ast.Expr))
            )
        ):
            callee = parent.func.id if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) else None
            options = [w for w in UNWRAPPABLE if w != callee]
            self.add("unwrap-call", [f.replace(node, f"{rng.choice(options)}({f.text(node)})")], 0.5)
        if isinstance(node, ast.For) and node.iter.lineno == node.iter.end_lineno:
            it = node.iter
            if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and not it.keywords:
                args = it.args
                if it.func.id == "reversed" and len(args) == 1:
                    self.add("reversed-iteration", [f.replace(it, f.text(args[0]))])
                elif it.func.id == "range" and len(args) == 3 and f.text(args[2]) == "-1":
                    # range(b - 1, a - 1, -1) written range(a, b): the family reverses it back.
                    self.add("reversed-iteration", [f.replace(it, f"range({plus_one(f, args[1])}, {plus_one(f, args[0])})")])
                elif it.func.id == "range" and len(args) == 2:
                    self.add("reversed-iteration", [f.replace(it, f"range({minus_one(f, args[1])}, {minus_one(f, args[0])}, -1)")], 0.5)
            elif isinstance(it, (ast.Name, ast.Attribute)):
                self.add("reversed-iteration", [f.replace(it, f"reversed({f.text(it)})")], 0.4)

    # exceptions.ts: the wrong exception class raised or caught
    def exceptions(self, node):
        f, rng = self.f, self.f.rng
        if isinstance(node, (ast.Raise, ast.ExceptHandler)):
            exc = node.exc if isinstance(node, ast.Raise) else node.type
            for site in exception_names(exc):
                known = sorted(f.exceptions | set(COMMON_EXCEPTIONS))
                if site.id in known:
                    others = [e for e in known if e != site.id]
                    self.add("exception-type", [f.replace(site, rng.choice(others))])

    # conditions.ts: a dropped conjunct (narrow) or disjunct (widen); a constant for a test
    def conditions(self, node):
        f = self.f
        if not is_condition(f, node):
            return
        if isinstance(node, ast.BoolOp) and node.lineno == node.end_lineno:
            kind = "condition-narrow" if isinstance(node.op, ast.And) else "condition-widen"
            for i, term in enumerate(node.values):
                rest = node.values[:i] + node.values[i + 1 :]
                joiner = " and " if isinstance(node.op, ast.And) else " or "
                text = joiner.join(operand(f, r) if isinstance(r, ast.BoolOp) else f.text(r) for r in rest)
                # Terms the family builds (x is not None, x != 0, x, i < len(xs); x is None, not x, x == 0),
                # where it puts them back (first when the rest tests its names, else last), first.
                names = {n.id for n in ast.walk(term) if isinstance(n, ast.Name)}
                rest_names = {n.id for r in rest for n in ast.walk(r) if isinstance(n, ast.Name)}
                placed = (i == 0) == bool(names & rest_names) and i in (0, len(node.values) - 1)
                self.add(kind, [f.replace(node, text)], 1.0 if self.family_term(term, kind) and placed else 0.2)
        elif isinstance(node, ast.Name) and isinstance(f.parent.get(node), ast.While) and node.id in f.own:
            self.add("condition-narrow", [f.replace(node, "True")], 0.5)

    def family_term(self, term, kind):
        if isinstance(term, ast.Name):
            return kind == "condition-narrow"
        if isinstance(term, ast.UnaryOp) and isinstance(term.op, ast.Not):
            return kind == "condition-widen" and isinstance(term.operand, ast.Name)
        if isinstance(term, ast.Compare) and len(term.ops) == 1 and isinstance(term.left, ast.Name):
            op, right = term.ops[0], term.comparators[0]
            none = isinstance(right, ast.Constant) and right.value is None
            zero = isinstance(right, ast.Constant) and right.value == 0
            if kind == "condition-narrow":
                return (
                    (isinstance(op, ast.IsNot) and none)
                    or (isinstance(op, ast.NotEq) and zero)
                    or (
                        isinstance(op, ast.Lt)
                        and isinstance(right, ast.Call)
                        and isinstance(right.func, ast.Name)
                        and right.func.id == "len"
                    )
                )
            return (isinstance(op, ast.Is) and none) or (isinstance(op, ast.Eq) and zero)
        return False

    # Statement-level families: insertions.ts, control.ts, moves.ts, exception-guards.ts, returns.ts
    def statements(self):
        f = self.f
        containers = self.containers()
        for owner, field, block in f.blocks():
            for i, stmt in enumerate(block):
                self.deleted(owner, block, i, stmt, containers)
                self.extra(owner, block, i, stmt)
                self.moved(owner, block, i, stmt)
            if owner is f.fn and field == "body":
                self.guards(block)
                self.final_return(block)

    def containers(self):
        """Names initialised empty in the function: name -> kind (insertions.ts's containers)."""
        out = {}
        for node in ast.walk(self.f.fn):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                v = node.value
                kind = None
                if isinstance(v, ast.List) and not v.elts:
                    kind = "list"
                elif isinstance(v, ast.Dict) and not v.keys:
                    kind = "dict"
                elif isinstance(v, ast.Call) and isinstance(v.func, (ast.Name, ast.Attribute)) and not v.args and not v.keywords:
                    kind = {"list": "list", "deque": "list", "set": "set", "dict": "dict"}.get(
                        v.func.id if isinstance(v.func, ast.Name) else v.func.attr
                    )
                if kind:
                    out[node.targets[0].id] = kind
        return out

    def deleted(self, owner, block, i, stmt, containers):
        """insert-statement: a line of the kinds insertions.ts inserts, with the names it uses, deleted."""
        f = self.f
        if len(block) < 2 or not f.own_line(stmt) or stmt.lineno <= f.start:
            return
        if i > 0 and isinstance(block[i - 1], (ast.Return, ast.Raise, ast.Break, ast.Continue)):
            return
        last = i == len(block) - 1
        branch = isinstance(owner, ast.If)
        loops = f.loops_around(stmt)
        loop_vars = [
            n.id for loop in loops if isinstance(loop, (ast.For, ast.AsyncFor)) for n in ast.walk(loop.target) if isinstance(n, ast.Name)
        ]
        before = block[i - 1] if i > 0 else None
        previous = (
            before.targets[0].id
            if isinstance(before, ast.Assign) and len(before.targets) == 1 and isinstance(before.targets[0], ast.Name)
            else None
        )
        elements = loop_vars + ([previous] if previous else [])
        returned = [n.value.id for n in ast.walk(f.fn) if isinstance(n, ast.Return) and isinstance(n.value, ast.Name) and n is not stmt]
        weight = 0.0
        call = stmt.value if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) else None
        if (
            call is not None
            and isinstance(call.func, ast.Attribute)
            and isinstance(call.func.value, ast.Name)
            and call.func.value.id in containers
            and call.func.attr in FILLING_METHODS
            and len(call.args) == 1
            and isinstance(call.args[0], ast.Name)
            and call.args[0].id in elements
            and loops
        ):
            weight = 1.0  # xs.append(x), seen.add(x) for a loop variable or the line before's name
        elif (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Subscript)
            and isinstance(stmt.targets[0].value, ast.Name)
            and containers.get(stmt.targets[0].value.id) == "dict"
            and isinstance(stmt.targets[0].slice, ast.Name)
            and isinstance(stmt.value, ast.Name)
            and {stmt.targets[0].slice.id, stmt.value.id} <= set(elements)
        ):
            weight = 1.0  # d[k] = v
        elif (
            last
            and (branch or loops)
            and isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name)
            and isinstance(stmt.value, ast.Name)
            and stmt.targets[0].id in f.locals
            and self.assigned_elsewhere(stmt.targets[0].id, stmt)
        ):
            tested = {n.id for n in ast.walk(owner.test) if isinstance(n, ast.Name)} if branch else set()
            if stmt.value.id in tested | set(elements):
                weight = 0.8  # best = value ending a branch
        elif (
            last
            and branch
            and isinstance(stmt, ast.Return)
            and isinstance(stmt.value, ast.Name)
            and (stmt.value.id in returned or stmt.value.id in loop_vars)
        ):
            weight = 0.8  # return name ending a branch, a name returned elsewhere or the loop's
        elif last and branch and loops and isinstance(stmt, ast.Continue) and not self.ends_loop(owner, loops[0]):
            weight = 0.6
        elif last and branch and loops and isinstance(stmt, ast.Break) and block is owner.orelse:
            weight = 0.6
        elif isinstance(stmt, ast.Expr) and self.copied_elsewhere(stmt, block):
            weight = 0.5  # a line written in one branch and forgotten in another
        if weight:
            self.add("insert-statement", [f.delete_line(stmt.lineno)], weight)

    def assigned_elsewhere(self, name, stmt):
        return any(
            isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) and n.lineno != stmt.lineno
            for n in ast.walk(self.f.fn)
        )

    def ends_loop(self, if_node, loop):
        return bool(loop.body) and loop.body[-1] is if_node

    def copied_elsewhere(self, stmt, own_block):
        text = self.f.text(stmt)
        for _, _, block in self.f.blocks():
            if block is not own_block and any(s is not stmt and self.f.text(s) == text for s in block):
                return True
        return False

    def extra(self, owner, block, i, stmt):
        """delete-statement / break-continue: a statement too many (the family deletes it)."""
        f, rng = self.f, self.f.rng
        if not f.own_line(stmt) or stmt.lineno <= f.start:
            return
        indent = f.indent(stmt.lineno)
        if isinstance(stmt, ast.AugAssign) or (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)):
            self.add("delete-statement", [f.insert_after(stmt.lineno, indent, f.text(stmt))], 0.7)  # a duplicated line
        if isinstance(stmt, ast.Break):
            self.add("break-continue", [f.replace(stmt, "continue")])
        elif isinstance(stmt, ast.Continue):
            self.add("break-continue", [f.replace(stmt, "break")])
        # A break ending an if-body in a loop, deleted (control.ts adds `break` back)...
        if (
            isinstance(stmt, ast.Break)
            and isinstance(owner, ast.If)
            and block is owner.body
            and i == len(block) - 1
            and i > 0
            and f.loops_around(stmt)
            and not isinstance(block[i - 1], (ast.Return, ast.Raise, ast.Continue))
        ):
            self.add("break-continue", [f.delete_line(stmt.lineno)], 0.7)
        # ...or one too many after the last statement of an if-body in a loop.
        if (
            isinstance(owner, ast.If)
            and block is owner.body
            and i == len(block) - 1
            and f.loops_around(stmt)
            and not isinstance(stmt, (ast.Break, ast.Continue, ast.Return, ast.Raise))
        ):
            self.add("break-continue", [f.insert_after(stmt.lineno, indent, rng.choice(["break", "continue"]))], 0.3)

    def moved(self, owner, block, i, stmt):
        """move-statement: a line one step off, or on the wrong side of a loop boundary (moves.ts)."""
        f = self.f

        def simple(s):
            return f.own_line(s) and not isinstance(s, (ast.Return, ast.Raise, ast.Break, ast.Continue, ast.Pass)) and s.lineno > f.start

        if i + 1 < len(block) and simple(stmt) and simple(block[i + 1]) and self.interact(stmt, block[i + 1]):
            a, b = stmt, block[i + 1]
            self.add(
                "move-statement",
                [
                    (a.lineno, 0, a.lineno, len(f.line(a.lineno)), f.line(b.lineno)),
                    (b.lineno, 0, b.lineno, len(f.line(b.lineno)), f.line(a.lineno)),
                ],
            )
        if isinstance(stmt, (ast.For, ast.While)) and not stmt.orelse and i + 1 < len(block):
            after = block[i + 1]
            body_indent = f.indent(stmt.body[-1].lineno)
            if (
                f.own_line(after)
                and (simple(after) or isinstance(after, ast.Return))
                and len(block) > i + 2
                or f.own_line(after)
                and isinstance(after, ast.Return)
            ):
                # The line after the loop indented into it (a return or an update that belongs after).
                self.add(
                    "move-statement",
                    [f.delete_line(after.lineno), f.insert_after(stmt.body[-1].end_lineno, body_indent, f.text(after))],
                    1.0 if isinstance(after, ast.Return) else 0.5,
                )
        if isinstance(stmt, (ast.For, ast.While)) and i > 0 and simple(block[i - 1]) and isinstance(block[i - 1], ast.Assign):
            before = block[i - 1]
            first = stmt.body[0]
            if first.lineno > stmt.lineno and not (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)):
                # An initialisation that belongs before the loop, moved into it.
                self.add(
                    "move-statement",
                    [f.delete_line(before.lineno), f.insert_before(first.lineno, f.indent(first.lineno), f.text(before))],
                    0.5,
                )

    def interact(self, a, b):
        def names(stmt, ctx):
            return {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ctx)}

        wa, wb, ra, rb = names(a, ast.Store), names(b, ast.Store), names(a, ast.Load), names(b, ast.Load)
        if isinstance(a, ast.AugAssign) and isinstance(a.target, ast.Name):
            wa.add(a.target.id)
        if isinstance(b, ast.AugAssign) and isinstance(b.target, ast.Name):
            wb.add(b.target.id)
        return bool(wa & rb or wb & ra or wa & wb)

    def guards(self, body):
        """missing-guard / exception-guard: a guard at the top of the function or before a statement, deleted."""
        f = self.f
        first = 1 if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) else 0
        for node in ast.walk(f.fn):
            if not isinstance(node, ast.If) or node.orelse or len(node.body) != 1:
                continue
            exit_ = node.body[0]
            if (
                not isinstance(exit_, (ast.Return, ast.Continue))
                or node.lineno == exit_.lineno
                or not (node.test.lineno == node.test.end_lineno == node.lineno)
                or not f.own_line(exit_)
            ):
                continue
            block = self.block_of(node)
            if not block or len(block) < 2 or block[-1] is node:
                continue
            test = node.test
            lines = [f.delete_line(node.lineno), f.delete_line(exit_.lineno)]
            param = (
                test.operand.id
                if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and isinstance(test.operand, ast.Name)
                else None
            )
            none = (
                test.left.id
                if isinstance(test, ast.Compare)
                and len(test.ops) == 1
                and isinstance(test.ops[0], ast.Is)
                and isinstance(test.left, ast.Name)
                and isinstance(test.comparators[0], ast.Constant)
                and test.comparators[0].value is None
                else None
            )
            top = block is body and body.index(node) == first
            value = exit_.value if isinstance(exit_, ast.Return) else None
            if top and none in f.params and isinstance(value, ast.Constant) and value.value is None:
                self.add("missing-guard", lines)  # if p is None: return None
            elif top and param in f.params and isinstance(value, ast.Name) and value.id == param:
                self.add("missing-guard", lines)  # if not p: return p
            elif param or none or self.guard_test(test):
                self.add("exception-guard", lines)

    def guard_test(self, test):
        """exception-guards.ts's tests: d == 0, k not in d, len(xs) == 0, x is None."""
        if isinstance(test, ast.Compare) and len(test.ops) == 1:
            op, right = test.ops[0], test.comparators[0]
            if isinstance(op, ast.Eq) and isinstance(right, ast.Constant) and right.value == 0:
                return True
            if isinstance(op, ast.NotIn):
                return True
        return False

    def final_return(self, body):
        """missing-return: `return name` ending a function that returns nothing else (returns.ts appends it)."""
        f = self.f
        last = body[-1]
        if not (isinstance(last, ast.Return) and isinstance(last.value, ast.Name) and f.own_line(last)) or len(body) < 3:
            return
        returns = [n for n in ast.walk(f.fn) if isinstance(n, ast.Return) and n.value is not None]
        yields = any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in ast.walk(f.fn))
        top = {t.id for s in body if isinstance(s, ast.Assign) for t in s.targets if isinstance(t, ast.Name)}
        if len(returns) == 1 and not yields and last.value.id in top:
            self.add("missing-return", [f.delete_line(last.lineno)])


def plus_one(f, node):
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) and isinstance(node.right, ast.Constant) and node.right.value == 1:
        return f.text(node.left)
    if decimal(f, node):
        return str(node.value + 1)
    if (
        isinstance(node, ast.UnaryOp)
        and isinstance(node.op, ast.USub)
        and isinstance(node.operand, ast.Constant)
        and node.operand.value == 1
    ):
        return "0"
    return f"{additive(f, node)} + 1"


def minus_one(f, node):
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.right, ast.Constant) and node.right.value == 1:
        return f.text(node.left)
    if decimal(f, node):
        return str(node.value - 1)
    return f"{additive(f, node)} - 1"


OVERSAMPLE = 2.0


class KindPicker:
    """Draws the kinds of a function's bugs so the corpus follows KIND_SHARES.

    A kind is drawn with weight share / availability, where availability is the running share of
    functions that offer the kind: a kind present in nearly every function (variable misuse) is
    drawn less per function, a rare one (a missing guard) whenever it is there, so over the
    corpus each kind's count approaches its share (up to kinds too rare to reach it).
    One picker per package, drawing with the function's own generator: a package's bugs depend
    only on the package (and the cap on its functions), so the held-out packages' bug ids are the
    same whichever other packages a run extracts.
    """

    def __init__(self, rng):
        self.rng = rng
        self.functions = 0
        self.offered = {}

    def pick(self, kinds, count, strength, rng=None):
        if rng is not None:
            self.rng = rng
        """strength: the kind's best site weight here (a site the family would not fix exactly weighs less)."""
        self.functions += 1
        for kind in kinds:
            self.offered[kind] = self.offered.get(kind, 0) + 1
        # OVERSAMPLE: about two bugs per function, so the pool holds more than a sample takes and
        # sample_bugs.py's quotas can shape it (kinds common in code are cut to their share).
        weights = {k: OVERSAMPLE * strength[k] * KIND_SHARES.get(k, 0.0) / max(self.offered[k] / self.functions, 0.02) for k in kinds}
        chosen = []
        pool = [k for k in kinds if weights[k] > 0]
        while pool and len(chosen) < count:
            total = sum(weights[k] for k in pool)
            # One bug per function on average: a kind is drawn with probability share / availability.
            r = self.rng.random() * max(total, 1.0)
            acc = 0.0
            for k in pool:
                acc += weights[k]
                if r < acc:
                    chosen.append(k)
                    pool.remove(k)
                    break
            else:
                break
        return chosen


def bug_id(package, rel, qualname, kind, original, buggy):
    top = package.split(".")[0] if not package.startswith("stdlib.") else "stdlib"
    key = "\0".join([top, rel, qualname, kind, original, buggy])
    return hashlib.sha1(key.encode("utf-8")).hexdigest()[:16]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out_dir")
    parser.add_argument("--max-per-package", type=int, default=800)
    parser.add_argument("--bugs-per-function", type=int, default=3)
    parser.add_argument("--packages", help="only these packages (comma-separated), e.g. for a pilot")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--corpus", help="read the packages in this folder, not the stdlib and site-packages")
    parser.add_argument("--every-kind", action="store_true", help="one bug of every kind a function offers, not the mix's draw")
    args = parser.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    seen_hashes = {}
    counts = {}
    # Written under another name and renamed at the end: a killed run leaves no partial bugs.jsonl.
    final_path = os.path.join(args.out_dir, "bugs.jsonl")
    out = open(final_path + ".partial", "w")
    wanted = set(args.packages.split(",")) if args.packages else None
    # Held-out packages first so a function duplicated into a training package is dropped there.
    roots = sorted(package_roots(args.corpus), key=lambda r: {"test": 0, "valid": 1, "train": 2}[split_of(r[0])])
    for package, root in roots:
        if wanted is not None and package not in wanted:
            continue
        split = split_of(package)
        picker = KindPicker(None)
        fn_count = 0
        files = list(python_files(root))
        # Each package gets its own generator, so one package's bugs do not depend on the others.
        package_rng = random.Random(f"{args.seed}:{package}")
        package_rng.shuffle(files)
        for path in files:
            if fn_count >= args.max_per_package:
                break
            try:
                if os.path.getsize(path) > 400_000:
                    continue
                with open(path, encoding="utf-8") as fh:
                    source = fh.read()
                tree = ast.parse(source)
            except (SyntaxError, UnicodeDecodeError, ValueError, RecursionError, OSError):
                continue
            if "\r" in source or "\t" in source:
                continue
            lines = Lines(source)
            base = os.path.dirname(root)
            rel = os.path.relpath(path, base).replace(os.sep, "/")
            for qualname, fn, cls, outer in functions(tree):
                if fn_count >= args.max_per_package:
                    break
                start = min([fn.lineno] + [d.lineno for d in fn.decorator_list])
                end = fn.end_lineno
                if not MIN_LINES <= end - start + 1 <= MAX_LINES:
                    continue
                original = "\n".join(lines.lines[start - 1 : end])
                if len(original) > MAX_CHARS:
                    continue
                norm = normalized(original)
                if norm is None:
                    continue
                digest = hashlib.sha1(norm.encode()).hexdigest()
                if digest in seen_hashes:
                    continue
                seen_hashes[digest] = split
                fn_rng = random.Random(f"{args.seed}:{package}:{rel}:{qualname}")
                try:
                    options = Maker(Function(tree, lines, fn, cls, outer, start, end, fn_rng)).run()
                except RecursionError:
                    continue
                made = 0
                strength = {k: max(w for _, w in v) for k, v in options.items()}
                kinds = sorted(options) if args.every_kind else picker.pick(sorted(options), args.bugs_per_function, strength, fn_rng)
                for kind in kinds:
                    candidates = options[kind]
                    for _ in range(3):  # a few tries: a site's edit may not parse or change nothing
                        edits = fn_rng.choices([c[0] for c in candidates], [c[1] for c in candidates])[0]
                        buggy = apply_edits(lines, start, end, edits)
                        buggy_norm = normalized(buggy) if buggy is not None else None
                        if buggy_norm is not None and buggy_norm != norm:
                            break
                    else:
                        continue
                    out.write(
                        json.dumps(
                            {
                                "id": bug_id(package, rel, qualname, kind, original, buggy),
                                "split": split,
                                "package": package,
                                "path": path,
                                "file": rel,
                                "function": qualname,
                                "startLine": start,
                                "endLine": end,
                                "kind": kind,
                                "buggy": buggy,
                            }
                        )
                        + "\n"
                    )
                    made += 1
                    counts[(split, kind)] = counts.get((split, kind), 0) + 1
                if made:
                    fn_count += 1
        print(f"{split:5s} {package:40s} {fn_count} functions", file=sys.stderr)
    out.close()
    os.replace(final_path + ".partial", final_path)
    summary = {}
    for (split, kind), n in sorted(counts.items()):
        summary.setdefault(split, {})[kind] = n
    with open(os.path.join(args.out_dir, "bugs-summary.json"), "w") as fh:
        json.dump(summary, fh, indent=1)
    print(json.dumps({s: sum(v.values()) for s, v in summary.items()}), file=sys.stderr)


if __name__ == "__main__":
    main()
