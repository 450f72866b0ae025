"""The checks shared by bench/synth/check_real.py and bench/missing/check_real.py.

For each record of a set's real-bugs.jsonl, bench/real/make_bugs.py's `workspace` subcommand
builds the bug's workspace (the subject's installed package copied, the buggy function in place;
it refuses a package version other than the record's, or an original function that differs from
`fixedFunction`). The record's `tests` run there, then again with `fixedFunction` back in place.
With the bug, exactly `failingTests` must fail (at least one) and every other test that passes
on the original must still pass; with the original, no test may fail (skips are allowed). The
record must also have the fields of bench/real/bugs.jsonl (and the set's own), a kind of the set,
an id ending in the set's suffix and the `split` that make_bugs.py derives from the id. A strict
set also wants the id to be <subject>/<file>::<function>[@<startLine>] and the suffix, `quick`
false, `fixedFunction` spanning startLine..endLine, and both function texts one function
definition each.

Run the checkers with Debian's interpreter, which sees the packages.
"""

import argparse
import ast
import dataclasses
import os
import subprocess
import sys
import tempfile
import textwrap
import time

REAL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "real")
sys.dont_write_bytecode = True  # leave no __pycache__ in bench/
sys.path.insert(0, REAL)
import make_bugs  # noqa: E402

FIELDS = (
    "id",
    "subject",
    "subjectVersion",
    "file",
    "function",
    "startLine",
    "endLine",
    "kind",
    "buggyFunction",
    "fixedFunction",
    "tests",
    "failingTests",
    "split",
    "quick",
)
RUN_TIMEOUT_SECONDS = 120


@dataclasses.dataclass(frozen=True)
class BugSet:
    """What a set's checker differs in: its kinds, the id suffix, the fields it wants beyond
    FIELDS, whether the strict checks apply, the temporary folders' prefix and the widths of the
    report's id and kind columns."""

    kinds: set
    suffix: str
    temp_prefix: str
    id_width: int
    kind_width: int
    extra_fields: tuple = ()
    strict: bool = False


def is_one_function(text):
    """True when text (possibly indented, as a method is) is exactly one def, decorators allowed."""
    try:
        body = ast.parse(textwrap.dedent(text)).body
    except SyntaxError:
        return False
    return len(body) == 1 and isinstance(body[0], (ast.FunctionDef, ast.AsyncFunctionDef))


def record_problems(bug, bug_set):
    """What is wrong with one record's fields, before any test runs; [] when nothing is."""
    suffix = bug_set.suffix
    problems = []
    if bug["kind"] not in bug_set.kinds:
        problems.append(f"unknown kind {bug['kind']!r}")
    if not bug["id"].endswith(suffix):
        problems.append(f"the id does not end in {suffix}")
    if bug_set.strict:
        name = f"{bug['subject']}/{bug['file']}::{bug['function']}"
        if bug["id"] not in (name + suffix, f"{name}@{bug['startLine']}{suffix}"):
            problems.append(f"the id is not <subject>/<file>::<function>[@<startLine>]{suffix}")
    if bug["split"] != make_bugs.split_of(bug["id"]):
        problems.append(f"split is {bug['split']}, make_bugs.py gives {make_bugs.split_of(bug['id'])}")
    if bug_set.strict and bug["quick"] is not False:
        problems.append("quick is not false")
    if bug["buggyFunction"] == bug["fixedFunction"]:
        problems.append("buggyFunction equals fixedFunction")
    if bug_set.strict:
        if len(bug["fixedFunction"].split("\n")) != bug["endLine"] - bug["startLine"] + 1:
            problems.append("fixedFunction does not span startLine..endLine")
        for field in ("buggyFunction", "fixedFunction"):
            if not is_one_function(bug[field]):
                problems.append(f"{field} is not one function definition")
    return problems


def check(bug, bugs_file, bug_set):
    """(problems, failed count, passed count) for one record."""
    problems = [f"lacks {field}" for field in FIELDS + bug_set.extra_fields if field not in bug]
    if problems:
        return problems, 0, 0
    problems = record_problems(bug, bug_set)
    with tempfile.TemporaryDirectory(prefix=bug_set.temp_prefix) as tmp:
        workspace = os.path.join(tmp, "ws")
        made = subprocess.run(
            [sys.executable, os.path.join(REAL, "make_bugs.py"), "workspace", bug["id"], workspace, "--bugs", bugs_file],
            capture_output=True,
            text=True,
        )
        if made.returncode != 0:
            return problems + [f"make_bugs.py workspace failed: {made.stderr.strip()[-300:]}"], 0, 0
        buggy = make_bugs.run_tests(workspace, bug["tests"], coverage=False, timeout=RUN_TIMEOUT_SECONDS)
        path = os.path.join(workspace, bug["file"])
        with open(path, encoding="utf-8") as f:
            source = f.read()
        end = bug["startLine"] + len(bug["buggyFunction"].split("\n")) - 1
        if make_bugs.function_lines(source, bug["startLine"], end) != bug["buggyFunction"]:
            return problems + ["the workspace does not hold buggyFunction at startLine"], 0, 0
        with open(path, "w", encoding="utf-8") as f:
            f.write(make_bugs.replace_lines(source, bug["startLine"], end, bug["fixedFunction"]))
        fixed = make_bugs.run_tests(workspace, bug["tests"], coverage=False, timeout=RUN_TIMEOUT_SECONDS)
    if buggy is None or fixed is None:
        return problems + ["a test run hung"], 0, 0
    fixed_failed = sorted(n for n, t in fixed.items() if t["outcome"] == "failed")
    if fixed_failed:
        problems.append(f"with fixedFunction these fail: {fixed_failed[:5]}")
    buggy_failed = sorted(n for n, t in buggy.items() if t["outcome"] == "failed")
    if not buggy_failed:
        problems.append("no test fails with the bug")
    if buggy_failed != sorted(bug["failingTests"]):
        problems.append(f"failing tests {buggy_failed[:5]} differ from failingTests {sorted(bug['failingTests'])[:5]}")
    lost = [n for n, t in fixed.items() if t["outcome"] == "passed" and n not in buggy]
    if lost:
        problems.append(f"tests not run with the bug: {lost[:5]}")
    passed = sum(t["outcome"] == "passed" for t in buggy.values())
    return problems, len(buggy_failed), passed


def main(doc, here, bug_set):
    """The command line of a set's check_real.py: checks the records of `here`'s
    real-bugs.jsonl (or --bugs FILE) that it names, all when none are named, and returns the
    exit status, 0 when every bug checks out. doc: the script's docstring (its first line
    describes it in --help)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("ids", nargs="*", help="bug ids to check (default: all)")
    parser.add_argument("--bugs", default=os.path.join(here, "real-bugs.jsonl"), help="the bug file")
    args = parser.parse_args()
    bugs_file = os.path.abspath(args.bugs)
    bugs = make_bugs.load_bugs(bugs_file)
    unknown = [i for i in args.ids if not any(b["id"] == i for b in bugs)]
    if unknown:
        sys.exit(f"check_real: no bug {unknown[0]!r} in {bugs_file}")
    chosen = [b for b in bugs if not args.ids or b["id"] in args.ids]
    ids = [b["id"] for b in bugs]
    broken = sum(ids.count(i) > 1 for i in set(ids))
    if broken:
        print("    some ids are used twice")
    started = time.monotonic()
    id_width, kind_width = bug_set.id_width, bug_set.kind_width
    print(f"{'bug':<{id_width}} {'kind':<{kind_width}} {'split':<5} {'fail':>4} {'pass':>4}  result")
    for bug in chosen:
        problems, failed, passed = check(bug, bugs_file, bug_set)
        print(
            f"{bug['id']:<{id_width}} {bug.get('kind', '?'):<{kind_width}} {bug.get('split', '?'):<5} {failed:>4} {passed:>4}  "
            f"{'ok' if not problems else 'FAIL'}",
            flush=True,
        )
        for problem in problems:
            print(f"    {problem}")
        broken += bool(problems)
    counts = {}
    for bug in chosen:
        counts[bug.get("kind")] = counts.get(bug.get("kind"), 0) + 1
    print("per kind: " + ", ".join(f"{kind} {counts.get(kind, 0)}" for kind in sorted(bug_set.kinds)))
    print(f"{len(chosen)} bugs, {len(chosen) - broken} ok, {time.monotonic() - started:.1f} s")
    return 1 if broken else 0
