"""Checks every bug workspace of the wide set in this folder.

For each <name>/bug.json: the buggy workspace must fail exactly the tests listed in
"failingTests" and pass at least one other; with "fixedFunction" put in place of the buggy
function (in a temporary copy) every test must pass. For a "two-edits" bug the difference
between the buggy and the fixed function must split into exactly two edits, and with either
edit applied alone some test must still fail. The workspaces themselves are never written
to: pytest runs on copies, and each folder's content hash is compared afterwards.

Usage: python3 bench/wide/check.py [name ...] [--python PATH]
Exit status 0 when every bug checks out, 1 otherwise.
"""

import argparse
import ast
import difflib
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tokenize
import xml.etree.ElementTree as ET
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
REQUIRED_FIELDS = ("id", "file", "function", "kind", "buggyLine", "description", "failingTests", "fixedFunction")
KINDS = {
    "missing-statement", "missing-condition", "off-by-name-or-one", "wrap-unwrap", "swap",
    "two-edits", "exception-hint",
}
MIN_PER_KIND = 5   # checked only when the whole set is checked
MAX_PER_KIND = 10
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
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            return first, node.end_lineno
    return None


def line_tokens(line):
    """(text, start column) of each token of one source line, comments and layout left out."""
    tokens = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(line.strip() + "\n").readline):
            if tok.type not in (tokenize.NEWLINE, tokenize.NL, tokenize.COMMENT, tokenize.ENDMARKER,
                                tokenize.INDENT, tokenize.DEDENT):
                tokens.append((tok.string, tok.start[1] + len(line) - len(line.lstrip())))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None
    return tokens


def single_edit_variants(buggy_function, fixed_function):
    """The buggy function with one edit of the fix applied at a time, or None if the fix is
    not exactly two edits. Two changed lines (or blocks of inserted/deleted lines) are two
    edits; a single changed line is split into token edits."""
    old, new = buggy_function.splitlines(keepends=True), fixed_function.splitlines(keepends=True)
    hunks = []
    for op in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        tag, i1, i2, j1, j2 = op
        if tag == "replace" and i2 - i1 == j2 - j1:
            # Lines changed in place: one edit per line.
            hunks.extend(("replace", i1 + k, i1 + k + 1, j1 + k, j1 + k + 1) for k in range(i2 - i1))
        elif tag != "equal":
            hunks.append(op)
    if len(hunks) == 2:
        return ["".join(old[:i1] + new[j1:j2] + old[i2:]) for _, i1, i2, j1, j2 in hunks]
    if len(hunks) != 1 or hunks[0][0] != "replace" or hunks[0][2] - hunks[0][1] != 1 or hunks[0][4] - hunks[0][3] != 1:
        return None
    _, i1, _, j1, _ = hunks[0]
    old_line, new_line = old[i1].rstrip("\n"), new[j1].rstrip("\n")
    old_tokens, new_tokens = line_tokens(old_line), line_tokens(new_line)
    if old_tokens is None or new_tokens is None:
        return None
    edits = [op for op in difflib.SequenceMatcher(None, [t for t, _ in old_tokens], [t for t, _ in new_tokens],
                                                  autojunk=False).get_opcodes() if op[0] != "equal"]
    if len(edits) != 2:
        return None

    def span(line, tokens, a, b):
        # From the start of token a up to the start of token b (so trailing spaces go along).
        start = tokens[a][1] if a < len(tokens) else len(line)
        end = tokens[b][1] if b < len(tokens) else len(line)
        return start, end

    variants = []
    for _, a1, a2, b1, b2 in edits:
        start, end = span(old_line, old_tokens, a1, a2)
        new_start, new_end = span(new_line, new_tokens, b1, b2)
        line = old_line[:start] + new_line[new_start:new_end] + old_line[end:]
        variants.append("".join(old[:i1] + [line + "\n"] + old[i1 + 1:]))
    return variants


def run_pytest(workspace, python):
    """Runs the workspace's tests; returns (failed nodeids, passed count, seconds inside tests)."""
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "report.xml")
        env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", "PYTHONDONTWRITEBYTECODE": "1"}
        completed = subprocess.run(
            [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={report}"],
            cwd=workspace, env=env, capture_output=True, text=True, timeout=PYTEST_TIMEOUT_SECONDS,
        )
        if not os.path.exists(report):
            raise RuntimeError(f"pytest wrote no report (exit {completed.returncode}): {completed.stderr.strip()[-300:]}")
        root = ET.parse(report).getroot()
    failed, passed, seconds = [], 0, 0.0
    for case in root.iter("testcase"):
        seconds += float(case.get("time", "0"))
        nodeid = f"{case.get('classname').replace('.', '/')}.py::{case.get('name')}"
        if case.find("failure") is not None or case.find("error") is not None:
            failed.append(nodeid)
        elif case.find("skipped") is None:
            passed += 1
    return failed, passed, seconds


def check_bug(folder, python):
    """Returns (bug, problems, row) for one workspace folder."""
    problems = []
    with open(os.path.join(folder, "bug.json")) as f:
        bug = json.load(f)
    missing = [field for field in REQUIRED_FIELDS if field not in bug]
    if missing:
        return bug, [f"bug.json lacks {', '.join(missing)}"], None
    if bug["kind"] not in KINDS:
        problems.append(f"unknown kind {bug['kind']!r}")

    with open(os.path.join(folder, bug["file"])) as f:
        buggy_source = f.read()
    span = find_function(buggy_source, bug["function"])
    if span is None:
        return bug, problems + [f"no top-level function {bug['function']} in {bug['file']}"], None
    first, last = span
    if find_function(bug["fixedFunction"], bug["function"]) is None:
        problems.append("fixedFunction does not define the function")
    lines = buggy_source.splitlines(keepends=True)
    buggy_function = lines[first - 1:last]
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
    fixed_source = "".join(lines[:first - 1]) + bug["fixedFunction"] + "".join(lines[last:])
    single_sources = []
    if bug["kind"] == "two-edits":
        if bug.get("singleEditsFail") is not True:
            problems.append('a two-edits bug must say "singleEditsFail": true')
        variants = single_edit_variants("".join(buggy_function), bug["fixedFunction"])
        if variants is None:
            problems.append("the fix does not split into exactly two edits")
        else:
            for variant in variants:
                single = "".join(lines[:first - 1]) + variant + "".join(lines[last:])
                try:
                    ast.parse(single)
                except SyntaxError:
                    problems.append(f"a single edit does not parse: {variant!r}")
                    continue
                single_sources.append((variant, single))

    with tempfile.TemporaryDirectory() as tmp:
        workspace = os.path.join(tmp, os.path.basename(folder))
        shutil.copytree(folder, workspace, ignore=shutil.ignore_patterns("__pycache__"))
        try:
            buggy_failed, buggy_passed, buggy_seconds = run_pytest(workspace, python)
            with open(os.path.join(workspace, bug["file"]), "w") as f:
                f.write(fixed_source)
            fixed_failed, fixed_passed, fixed_seconds = run_pytest(workspace, python)
            for variant, single in single_sources:
                with open(os.path.join(workspace, bug["file"]), "w") as f:
                    f.write(single)
                single_failed, _, _ = run_pytest(workspace, python)
                if not single_failed:
                    problems.append(f"one edit alone already passes every test: {variant!r}")
        except (RuntimeError, subprocess.TimeoutExpired, ET.ParseError) as error:
            return bug, problems + [f"could not run the tests: {error}"], None

    if not buggy_failed:
        problems.append("no test fails on the buggy code")
    if buggy_passed == 0:
        problems.append("no test passes on the buggy code")
    if sorted(buggy_failed) != sorted(bug["failingTests"]):
        problems.append(f"failing tests {sorted(buggy_failed)} differ from failingTests {sorted(bug['failingTests'])}")
    if fixed_failed:
        problems.append(f"with fixedFunction these still fail: {fixed_failed}")
    if fixed_passed != buggy_passed + len(buggy_failed):
        problems.append(f"test count differs: {fixed_passed} pass when fixed, {buggy_passed + len(buggy_failed)} ran buggy")
    slowest = max(buggy_seconds, fixed_seconds)
    if slowest > MAX_TEST_SECONDS:
        problems.append(f"tests take {slowest:.2f} s (limit {MAX_TEST_SECONDS} s)")
    row = (bug["id"], bug["kind"], len(buggy_failed), buggy_passed, slowest)
    return bug, problems, row


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="workspace folders to check (default: all)")
    parser.add_argument("--python", default=sys.executable, help="interpreter that runs pytest")
    args = parser.parse_args()

    names = args.names or sorted(
        entry for entry in os.listdir(HERE) if os.path.isfile(os.path.join(HERE, entry, "bug.json"))
    )
    kinds = Counter()
    broken = 0
    started = time.monotonic()
    print(f"{'bug':<32} {'kind':<20} {'fail':>4} {'pass':>4} {'test s':>7}  result")
    for name in names:
        folder = os.path.join(HERE, name)
        before = folder_hash(folder)
        bug, problems, row = check_bug(folder, args.python)
        if folder_hash(folder) != before:
            problems.append("the workspace folder changed during the check")
        kinds[bug.get("kind")] += 1
        if row:
            print(f"{row[0]:<32} {row[1]:<20} {row[2]:>4} {row[3]:>4} {row[4]:>7.3f}  {'ok' if not problems else 'FAIL'}")
        for problem in problems:
            print(f"    {name}: {problem}")
        broken += bool(problems)
    miscounted = [kind for kind, count in sorted(kinds.items()) if count > MAX_PER_KIND]
    for kind in miscounted:
        print(f"    kind {kind} is used {kinds[kind]} times (at most {MAX_PER_KIND})")
    if not args.names:
        for kind in sorted(KINDS):
            if kinds[kind] < MIN_PER_KIND:
                miscounted.append(kind)
                print(f"    kind {kind} is used {kinds[kind]} times (at least {MIN_PER_KIND})")
    print("per kind: " + ", ".join(f"{kind} {kinds[kind]}" for kind in sorted(KINDS)))
    print(f"{len(names)} bugs, {len(names) - broken} ok, {len(kinds)} kinds, {time.monotonic() - started:.1f} s")
    return 1 if broken or miscounted else 0


if __name__ == "__main__":
    sys.exit(main())
