"""The checks shared by the bug sets' check.py scripts (bench/classic, wide, synth, missing, ...).

For each <name>/bug.json of a bug folder: the buggy workspace must fail exactly the tests
listed in "failingTests" and pass at least one other; with "fixedFunction" put in place of the
buggy function (in a temporary copy) every test must pass. A set may add its own check per bug
(extra_check). The workspaces themselves are never written to: pytest runs on copies, and each
folder's content hash is compared afterwards.
"""

import argparse
import ast
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import Counter

# The bug kinds of each folder set (bug.json's "kind"), one owner for the sets' checkers.
CLASSIC_KINDS = {
    # Single edits that the template generator is meant to cover.
    "compare-op",
    "arith-op",
    "off-by-one",
    "bool-op",
    "negation",
    "variable-misuse",
    "attribute-misuse",
    "swapped-args",
    "missing-return",
    "wrong-return-wrap",
    "min-max",
    "is-in-op",
    "break-continue",
    # Bugs no single template edit undoes: the fix must add new code.
    "deleted-statement",
    "missing-call",
    "reversed-iteration",
}
WIDE_KINDS = {
    "missing-statement",
    "missing-condition",
    "off-by-name-or-one",
    "wrap-unwrap",
    "swap",
    "two-edits",
    "exception-hint",
}

REQUIRED_FIELDS = ("id", "file", "function", "kind", "buggyLine", "description", "failingTests", "fixedFunction")
MAX_TEST_SECONDS = 0.5
PYTEST_TIMEOUT_SECONDS = 60


def folder_hash(folder):
    digest = hashlib.sha256()
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            path = os.path.join(root, name)
            digest.update(os.path.relpath(path, folder).encode())
            with open(path, "rb") as f:
                digest.update(f.read())
    return digest.hexdigest()


def find_function(source, name):
    """The top-level function `name` as (first line, last line), decorators included, 1-based."""
    return function_span(ast.parse(source).body, name)


def function_span(body, name):
    """The function `name` among the statements `body` as find_function gives it; None when
    there is none."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            return first, node.end_lineno
    return None


def junit_report(workspace, python, env=None):
    """pytest on the whole folder, under env's variables besides ours: (its exit status, the root
    of its JUnit XML report)."""
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "report.xml")
        full_env = {**os.environ, **(env or {}), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", "PYTHONDONTWRITEBYTECODE": "1"}
        completed = subprocess.run(
            [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={report}"],
            cwd=workspace,
            env=full_env,
            capture_output=True,
            text=True,
            timeout=PYTEST_TIMEOUT_SECONDS,
        )
        if not os.path.exists(report):
            raise RuntimeError(f"pytest wrote no report (exit {completed.returncode}): {completed.stderr.strip()[-300:]}")
        return completed.returncode, ET.parse(report).getroot()


def run_pytest(workspace, python):
    """Runs the workspace's tests; returns (failed nodeids, passed count, seconds inside tests)."""
    _, root = junit_report(workspace, python)
    failed, passed, seconds = [], 0, 0.0
    for case in root.iter("testcase"):
        seconds += float(case.get("time", "0"))
        nodeid = f"{case.get('classname').replace('.', '/')}.py::{case.get('name')}"
        if case.find("failure") is not None or case.find("error") is not None:
            failed.append(nodeid)
        elif case.find("skipped") is None:
            passed += 1
    return failed, passed, seconds


def check_bug(folder, python, kinds, extra_check=None):
    """Returns (bug, problems, row) for one workspace folder.

    kinds: the allowed values of "kind". extra_check(bug, buggy_function, with_function), when
    given, is called with the buggy function's text and a function that puts a function text
    in its place (returning the whole file); it returns (problems, must_fail): its own problems,
    and (problem, source) pairs, each a version of the file on which some test must still
    fail, else that problem is reported.
    """
    bug, problems, complete = read_bug(folder, kinds)
    if not complete:
        return bug, problems, None

    buggy_source, span = read_function(folder, bug)
    if span is None:
        return bug, problems + [f"no top-level function {bug['function']} in {bug['file']}"], None
    first, last = span
    if find_function(bug["fixedFunction"], bug["function"]) is None:
        problems.append("fixedFunction does not define the function")
    lines = buggy_source.splitlines(keepends=True)
    buggy_function = lines[first - 1 : last]
    fixed_function = bug["fixedFunction"].splitlines(keepends=True)
    # The bug sits on the first line where the buggy and the fixed function differ.
    differing = [i for i, (old, new) in enumerate(zip(buggy_function, fixed_function)) if old != new]
    if differing:
        bug_line = first + differing[0]
    elif len(buggy_function) != len(fixed_function):
        bug_line = first + min(len(buggy_function), len(fixed_function))
    else:
        bug_line = None
        problems.append("fixedFunction equals the buggy function")
    if bug_line is not None and bug["buggyLine"] != bug_line:
        problems.append(f"buggyLine is {bug['buggyLine']}, but the functions first differ on line {bug_line}")

    def with_function(function_text):
        return "".join(lines[: first - 1]) + function_text + "".join(lines[last:])

    fixed_source = with_function(bug["fixedFunction"])
    must_fail = []
    if extra_check is not None:
        extra_problems, must_fail = extra_check(bug, "".join(buggy_function), with_function)
        problems.extend(extra_problems)

    outcome_problems, row = check_outcomes(folder, python, bug, fixed_source, must_fail)
    return bug, problems + outcome_problems, row


def read_bug(folder, kinds):
    """A folder's bug.json as (bug, problems, complete): complete is False when it lacks a
    required field (problems then says which), else problems holds an unknown kind, if any."""
    with open(os.path.join(folder, "bug.json")) as f:
        bug = json.load(f)
    missing = [field for field in REQUIRED_FIELDS if field not in bug]
    if missing:
        return bug, [f"bug.json lacks {', '.join(missing)}"], False
    problems = []
    if bug["kind"] not in kinds:
        problems.append(f"unknown kind {bug['kind']!r}")
    return bug, problems, True


def read_function(folder, bug, find=find_function):
    """bug["file"] of `folder` as (its text, the span of bug["function"] in it as find gives
    it: (first line, last line), or None when there is none)."""
    with open(os.path.join(folder, bug["file"])) as f:
        source = f.read()
    return source, find(source, bug["function"])


def check_outcomes(folder, python, bug, fixed_source, must_fail=(), fixed_field="fixedFunction"):
    """The tests of a temporary copy of `folder`: as it is, with fixed_source (the fix that
    fixed_field of bug.json gives) as bug["file"], then with each must_fail (problem, source)
    pair's source there. Returns (problems, row): check_bug's problems of the outcomes and its
    row, None when the tests could not run."""
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        workspace = os.path.join(tmp, os.path.basename(folder))
        shutil.copytree(folder, workspace, ignore=shutil.ignore_patterns("__pycache__"))
        try:
            buggy_failed, buggy_passed, buggy_seconds = run_pytest(workspace, python)
            with open(os.path.join(workspace, bug["file"]), "w") as f:
                f.write(fixed_source)
            fixed_failed, fixed_passed, fixed_seconds = run_pytest(workspace, python)
            for problem, source in must_fail:
                with open(os.path.join(workspace, bug["file"]), "w") as f:
                    f.write(source)
                still_failed, _, _ = run_pytest(workspace, python)
                if not still_failed:
                    problems.append(problem)
        except (RuntimeError, subprocess.TimeoutExpired, ET.ParseError) as error:
            return problems + [f"could not run the tests: {error}"], None

    if not buggy_failed:
        problems.append("no test fails on the buggy code")
    if buggy_passed == 0:
        problems.append("no test passes on the buggy code")
    if sorted(buggy_failed) != sorted(bug["failingTests"]):
        problems.append(f"failing tests {sorted(buggy_failed)} differ from failingTests {sorted(bug['failingTests'])}")
    if fixed_failed:
        problems.append(f"with {fixed_field} these still fail: {fixed_failed}")
    if fixed_passed != buggy_passed + len(buggy_failed):
        problems.append(f"test count differs: {fixed_passed} pass when fixed, {buggy_passed + len(buggy_failed)} ran buggy")
    slowest = max(buggy_seconds, fixed_seconds)
    if slowest > MAX_TEST_SECONDS:
        problems.append(f"tests take {slowest:.2f} s (limit {MAX_TEST_SECONDS} s)")
    return problems, (bug["id"], bug["kind"], len(buggy_failed), buggy_passed, slowest)


def same_code(a, b):
    """Whether two texts are the same code (layout and comments aside)."""
    try:
        return ast.dump(ast.parse(a)) == ast.dump(ast.parse(b))
    except SyntaxError:
        return False


def run_tests(workspace, python, env=None):
    """pytest on the whole folder, under env's variables besides ours: {nodeid: passed}
    (run_pytest's way, every test kept)."""
    returncode, root = junit_report(workspace, python, env)
    outcomes = {}
    for index, case in enumerate(root.iter("testcase")):
        # pytest's own errors (an internal error, a collection error) come without a class name.
        classname = case.get("classname") or f"<pytest error {index}>"
        nodeid = f"{classname.replace('.', '/')}.py::{case.get('name')}"
        outcomes[nodeid] = case.find("failure") is None and case.find("error") is None and case.find("skipped") is None
    if returncode not in (0, 1) or not outcomes:
        outcomes["<pytest exit>"] = False
    return outcomes


def half_patches_check(pair_class):
    """An extra_check for check_bug: a `pair_class` case's half patches (its wrong patch's two
    edits, each alone), each of which must leave some thin test failing."""

    def check(bug, buggy_function, with_function):
        problems, must_fail = [], []
        halves = bug.get("halfPatches", [])
        if bug.get("class") == pair_class and len(halves) < 2:
            problems.append(f'a {pair_class} case needs "halfPatches": each edit of its wrong patch alone')
        for half in halves:
            if find_function(half, bug["function"]) is None:
                problems.append(f"a half patch does not define {bug['function']}")
                continue
            wrongs = [w for w in bug.get("wrongPatches", []) if isinstance(w, str)]
            if same_code(half, buggy_function) or any(same_code(half, wrong) for wrong in wrongs):
                problems.append("a half patch equals the buggy function or a wrong patch")
            must_fail.append((f"one edit of the wrong patch alone already passes the thin suite: {half!r}", with_function(half)))
        return problems, must_fail

    return check


def main(doc, here, kinds, max_per_kind, min_per_kind=None, extra_check=None):
    """The command line of a check script: checks the named bug folders of `here` (all when
    none are named) and returns the exit status, 0 when every bug checks out.

    doc: the script's docstring (its first line describes it in --help). Each kind may be used
    at most max_per_kind times; with min_per_kind, each must also be used at least that often
    when the whole set is checked, and the count per kind is printed. extra_check: as in
    check_bug.
    """
    names, python, whole_set = parse_command_line(here, doc, "workspace folders")
    started = time.monotonic()
    used, broken = check_folders(here, names, lambda folder: check_bug(folder, python, kinds, extra_check))
    miscounted = [kind for kind, count in sorted(used.items()) if count > max_per_kind]
    for kind in miscounted:
        print(f"    kind {kind} is used {used[kind]} times (at most {max_per_kind})")
    if min_per_kind is not None and whole_set:
        for kind in sorted(kinds):
            if used[kind] < min_per_kind:
                miscounted.append(kind)
                print(f"    kind {kind} is used {used[kind]} times (at least {min_per_kind})")
    return report(names, used, broken, started, miscounted, sorted(kinds) if min_per_kind is not None else None)


def check_folders(here, names, check, row_on_fail=False):
    """Checks each named folder of `here` with check(folder), which returns (bug, problems,
    row) as check_bug does, and prints a row per bug (with row_on_fail, a bare FAIL row also
    where check gave none) and its problems. Returns (the count per kind, how many bugs have
    problems)."""
    used = Counter()
    broken = 0
    print(f"{'bug':<32} {'kind':<20} {'fail':>4} {'pass':>4} {'test s':>7}  result")
    for name in names:
        folder = os.path.join(here, name)
        before = folder_hash(folder)
        bug, problems, row = check(folder)
        if folder_hash(folder) != before:
            problems.append("the workspace folder changed during the check")
        used[bug.get("kind")] += 1
        if row:
            print(f"{row[0]:<32} {row[1]:<20} {row[2]:>4} {row[3]:>4} {row[4]:>7.3f}  {'ok' if not problems else 'FAIL'}")
        elif row_on_fail:
            print(f"{bug.get('id', name):<32} {str(bug.get('kind')):<20} {'':>4} {'':>4} {'':>7}  FAIL")
        for problem in problems:
            print(f"    {name}: {problem}")
        broken += bool(problems)
    return used, broken


def report(names, used, broken, started, miscounted, per_kind=None):
    """The closing lines of a check script: the count of each kind in per_kind (when given),
    then the totals since `started`. Returns the exit status, 1 when a bug is broken or a kind
    miscounted."""
    if per_kind is not None:
        print("per kind: " + ", ".join(f"{kind} {used[kind]}" for kind in per_kind))
    print(f"{len(names)} bugs, {len(names) - broken} ok, {len(used)} kinds, {time.monotonic() - started:.1f} s")
    return 1 if broken or miscounted else 0


def parse_command_line(here, doc, what):
    """The folders of `here` the command line names (default: every one with a bug.json), the
    interpreter that runs pytest (--python), and whether the whole set is checked; `doc`'s
    first line describes the script."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("names", nargs="*", help=f"{what} to check (default: all)")
    parser.add_argument("--python", default=sys.executable, help="interpreter that runs pytest")
    args = parser.parse_args()
    names = args.names or sorted(entry for entry in os.listdir(here) if os.path.isfile(os.path.join(here, entry, "bug.json")))
    return names, args.python, not args.names
