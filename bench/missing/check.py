"""Checks every bug workspace of the missing-code set in this folder.

For each <name>/bug.json: the buggy workspace must fail exactly the tests listed in
"failingTests" and pass at least one other; with the fix in place (in a temporary copy) every
test must pass. The fix is "fixedFunction" put in place of the buggy function, as in
bench/check_bugs.py, which checks every kind but one. A `constant-literal` bug has its wrong
literal outside the function that reads it, so its fix is "fixedConstant" instead: that line
put back in place of the buggy one, with "fixedFunction" (the reading function, unchanged)
left as it is; check_constant_bug checks those. The workspaces themselves are never written
to: pytest runs on copies, and each folder's content hash is compared afterwards. When the
whole set is checked, each kind must be used exactly as often as KIND_COUNTS says.

Usage: python3 bench/missing/check.py [name ...] [--python PATH]
Exit status 0 when every bug checks out, 1 otherwise.
"""

import ast
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # leave no __pycache__ in bench/
sys.path.insert(0, os.path.dirname(HERE))
import check_bugs  # noqa: E402

# Bug classes of code that is missing (README.md describes each), and how many bugs of each
# kind the set holds.
KIND_COUNTS = {
    # Statements.
    "guard-statement": 4,
    "early-return": 3,
    "loop-skip": 3,
    "loop-stop": 2,
    # Literals.
    "literal-content": 3,
    "regex-literal": 3,
    "constant-literal": 3,
    # Expressions.
    "builtin-wrap": 2,
    "slice-by-name": 2,
    "both-sides": 2,
    "sort-key": 1,
    "expr-from-scope": 2,
}
KINDS = set(KIND_COUNTS)
CONSTANT_KIND = "constant-literal"
CONSTANT_FIELDS = ("name", "line", "text")


def find_definition(source, dotted):
    """The function `dotted` ('name' at the top level, or 'Class.name' for a method) as (first
    line, last line), decorators included, 1-based; None when there is none."""
    *classes, name = dotted.split(".")
    body = ast.parse(source).body
    for class_name in classes:
        found = [node for node in body if isinstance(node, ast.ClassDef) and node.name == class_name]
        if not found:
            return None
        body = found[0].body
    return check_bugs.function_span(body, name)


def assigned_names(line):
    """The names a one-line assignment statement binds (after dedenting), or None when the
    line is not one."""
    try:
        tree = ast.parse(line.strip())
    except SyntaxError:
        return None
    if len(tree.body) != 1:
        return None
    node = tree.body[0]
    targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else None
    if targets is None:
        return None
    return {target.id for target in targets if isinstance(target, ast.Name)}


def constant_problems(bug, source, span):
    """What is wrong with a constant bug's fields, given the buggy module and the reading
    function's span; [] when nothing is."""
    fixed = bug.get("fixedConstant")
    if not isinstance(fixed, dict) or any(field not in fixed for field in CONSTANT_FIELDS):
        return [f'a {CONSTANT_KIND} bug needs "fixedConstant" with {", ".join(CONSTANT_FIELDS)}']
    problems = []
    lines = source.splitlines()
    first, last = span
    line = fixed["line"]
    if not isinstance(line, int) or not 1 <= line <= len(lines):
        return [f"fixedConstant's line {line!r} is not a line of {bug['file']}"]
    if first <= line <= last:
        problems.append(f"fixedConstant's line {line} lies inside {bug['function']}")
    if bug["buggyLine"] != line:
        problems.append(f"buggyLine is {bug['buggyLine']}, but fixedConstant is on line {line}")
    buggy_line = lines[line - 1]
    if fixed["text"] == buggy_line:
        problems.append("fixedConstant's text equals the buggy line")
    indent = len(buggy_line) - len(buggy_line.lstrip())
    if fixed["text"][:indent] != buggy_line[:indent] or fixed["text"][indent : indent + 1].isspace():
        problems.append("fixedConstant's text is not indented as the buggy line")
    attribute = fixed["name"].split(".")[-1]
    for label, text in (("the buggy line", buggy_line), ("fixedConstant's text", fixed["text"])):
        names = assigned_names(text)
        if names is None or attribute not in names:
            problems.append(f"{label} does not assign {attribute}")
    # The class of 'Class.attr' must hold the line; a plain NAME must be a module-level one.
    owner = fixed["name"].split(".")[:-1]
    body = ast.parse(source).body
    for class_name in owner:
        classes = [node for node in body if isinstance(node, ast.ClassDef) and node.name == class_name]
        body = classes[0].body if classes else []
    if not any(node.lineno == line for node in body if isinstance(node, (ast.Assign, ast.AnnAssign))):
        problems.append(f"line {line} is not an assignment directly in {'.'.join(owner) or 'the module'}")
    function = ast.parse(dedent_lines(lines[first - 1 : last]))
    read = {node.id for node in ast.walk(function) if isinstance(node, ast.Name)}
    read |= {node.attr for node in ast.walk(function) if isinstance(node, ast.Attribute)}
    if attribute not in read:
        problems.append(f"{bug['function']} does not read {attribute}")
    return problems


def dedent_lines(lines):
    """The lines, joined, less the first one's indentation (a method's text as top-level code)."""
    indent = len(lines[0]) - len(lines[0].lstrip())
    return "\n".join(line[indent:] for line in lines)


def check_constant_bug(folder, python, kinds):
    """check_bugs.check_bug for a bug whose fix is a line outside the function (fixedConstant):
    returns (bug, problems, row) the same way."""
    bug, problems, complete = check_bugs.read_bug(folder, kinds)
    if not complete:
        return bug, problems, None
    if bug["kind"] != CONSTANT_KIND:
        problems.append(f'only a {CONSTANT_KIND} bug has "fixedConstant"')

    buggy_source, span = check_bugs.read_function(folder, bug, find_definition)
    if span is None:
        return bug, problems + [f"no function {bug['function']} in {bug['file']}"], None
    first, last = span
    lines = buggy_source.splitlines(keepends=True)
    if "".join(lines[first - 1 : last]) != bug["fixedFunction"]:
        problems.append("fixedFunction is not the reading function as the module has it")
    fixed_problems = constant_problems(bug, buggy_source, span)
    if fixed_problems:
        return bug, problems + fixed_problems, None
    line = bug["fixedConstant"]["line"]
    ending = lines[line - 1][len(lines[line - 1].rstrip("\r\n")) :]
    fixed_source = "".join(lines[: line - 1]) + bug["fixedConstant"]["text"] + ending + "".join(lines[line:])

    outcome_problems, row = check_bugs.check_outcomes(folder, python, bug, fixed_source, fixed_field="fixedConstant")
    return bug, problems + outcome_problems, row


def check_bug(folder, python, kinds):
    """One workspace: check_constant_bug for a constant bug, else check_bugs.check_bug."""
    with open(os.path.join(folder, "bug.json")) as f:
        bug = json.load(f)
    if bug.get("kind") == CONSTANT_KIND or "fixedConstant" in bug:
        return check_constant_bug(folder, python, kinds)
    return check_bugs.check_bug(folder, python, kinds)


def main():
    """check_bugs.main's command line and report, with check_bug above and the exact count per
    kind of KIND_COUNTS (at most that count when only some bugs are checked)."""
    names, python, whole_set = check_bugs.parse_command_line(HERE, __doc__, "workspace folders")
    started = time.monotonic()
    used, broken = check_bugs.check_folders(HERE, names, lambda folder: check_bug(folder, python, KINDS), row_on_fail=True)
    miscounted = []
    for kind in sorted(KINDS | set(used)):
        wanted = KIND_COUNTS.get(kind, 0)
        if used[kind] > wanted or (whole_set and used[kind] != wanted):
            miscounted.append(kind)
            print(f"    kind {kind} is used {used[kind]} times ({'exactly' if whole_set else 'at most'} {wanted})")
    return check_bugs.report(names, used, broken, started, miscounted, KIND_COUNTS)


if __name__ == "__main__":
    sys.exit(main())
