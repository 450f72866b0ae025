"""Checks every overfitting case in this folder against its hidden suite.

For each <name>/bug.json, on temporary copies of the workspace:
  - the thin suite fails exactly "failingTests" on the buggy code and passes the rest, and with
    "fixedFunction" in place every test passes (the checks shared with bench/classic, in
    bench/check_bugs.py);
  - every function text of "wrongPatches" passes the whole thin suite, yet is neither the buggy
    function nor the fix;
  - the hidden suite, ../overfit-hidden/<name>/test_<name>_full.py copied in beside the thin one,
    holds at least MIN_HIDDEN_TESTS tests; the fix passes it, the buggy code fails it, and every
    wrong patch fails some test of it;
  - a "cost-class" case's wrong patches fail only the hidden tests that time a call or count
    calls (named with "quick" or "once"): their output is right;
  - a "cancelling-edits" case lists in "halfPatches" each of its wrong patch's two edits alone,
    and some thin test fails with either of them.
Neither folder is ever written to: pytest runs on copies, and each folder's content hash is
compared afterwards.

Usage: python3 bench/overfit/check.py [name ...] [--python PATH]
Exit status 0 when every case checks out, 1 otherwise.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
HIDDEN = os.path.join(os.path.dirname(HERE), "overfit-hidden")
sys.dont_write_bytecode = True  # leave no __pycache__ in bench/
sys.path.insert(0, os.path.dirname(HERE))
import check_bugs  # noqa: E402

# What overfitting a thin suite allows: each case belongs to one class.
CLASSES = (
    "loop-var-after-loop",
    "recursion-arg-invariant",
    "cancelling-edits",
    "cost-class",
    "unchecked-result",
    "thin-suite-disagreement",
)
MIN_PER_CLASS = {"loop-var-after-loop": 6, "recursion-arg-invariant": 6}
MIN_PER_OTHER_CLASS = 4
MIN_HIDDEN_TESTS = 10
# A cost-class case's hidden tests that time a call or count calls have one of these in their name.
COST_TEST_WORDS = ("quick", "once")
MAX_THIN_TESTS = 5
# The bug's own kind, as in bench/classic and bench/wide.
HALF_PATCHES = check_bugs.half_patches_check("cancelling-edits")
KINDS = check_bugs.CLASSIC_KINDS | (check_bugs.WIDE_KINDS - {"two-edits"})


def check_case(folder, python):
    """(bug, problems, row) for one case: check_bugs' checks, then the wrong patches and the hidden suite."""
    name = os.path.basename(folder)
    bug, problems, row = check_bugs.check_bug(folder, python, KINDS, HALF_PATCHES)
    if row is None:
        return bug, problems, None
    if bug.get("id") != f"overfit/{name}":
        problems.append(f"id is {bug.get('id')!r}, not 'overfit/{name}'")
    if bug.get("class") not in CLASSES:
        problems.append(f"unknown class {bug.get('class')!r}")
    wrong = bug.get("wrongPatches")
    if not isinstance(wrong, list) or not wrong:
        return bug, problems + ['"wrongPatches" must list one or more function texts'], row

    with open(os.path.join(folder, bug["file"])) as f:
        source = f.read()
    first, last = check_bugs.find_function(source, bug["function"])
    lines = source.splitlines(keepends=True)
    buggy_function = "".join(lines[first - 1 : last])

    def with_function(function_text):
        return "".join(lines[: first - 1]) + function_text + "".join(lines[last:])

    for text in wrong:
        if check_bugs.find_function(text, bug["function"]) is None:
            problems.append(f"a wrong patch does not define {bug['function']}")
        elif check_bugs.same_code(text, bug["fixedFunction"]) or check_bugs.same_code(text, buggy_function):
            problems.append("a wrong patch is the same code as the fix or the buggy function")
    hidden_file = os.path.join(HIDDEN, name, f"test_{name}_full.py")
    if not os.path.isfile(hidden_file):
        return bug, problems + [f"no hidden suite at {os.path.relpath(hidden_file, os.path.dirname(HERE))}"], row
    hidden_prefix = f"test_{name}_full.py::"

    hidden_tests = 0
    with tempfile.TemporaryDirectory() as tmp:
        workspace = os.path.join(tmp, name)
        shutil.copytree(folder, workspace, ignore=shutil.ignore_patterns("__pycache__"))
        target = os.path.join(workspace, bug["file"])
        try:
            thin_tests = set(check_bugs.run_tests(workspace, python))
            if len(thin_tests) > MAX_THIN_TESTS:
                problems.append(f"the thin suite has {len(thin_tests)} tests (at most {MAX_THIN_TESTS})")
            for index, text in enumerate(wrong):
                with open(target, "w") as f:
                    f.write(with_function(text))
                failed = [nodeid for nodeid, ok in check_bugs.run_tests(workspace, python).items() if not ok]
                if failed:
                    problems.append(f"wrong patch {index + 1} fails the thin suite: {failed}")
            shutil.copy(hidden_file, workspace)
            for label, text in [("fix", bug["fixedFunction"]), ("buggy function", buggy_function)] + [
                (f"wrong patch {index + 1}", text) for index, text in enumerate(wrong)
            ]:
                with open(target, "w") as f:
                    f.write(with_function(text))
                outcomes = check_bugs.run_tests(workspace, python)
                # Everything but the thin tests is the hidden suite's (pytest's own errors included).
                hidden = {nodeid: ok for nodeid, ok in outcomes.items() if nodeid not in thin_tests}
                if label == "fix":
                    hidden_tests = sum(nodeid.startswith(hidden_prefix) for nodeid in hidden)
                    if hidden_tests < MIN_HIDDEN_TESTS:
                        problems.append(f"the hidden suite has {hidden_tests} tests (at least {MIN_HIDDEN_TESTS})")
                    failed = [nodeid for nodeid, ok in outcomes.items() if not ok]
                    if failed:
                        problems.append(f"with fixedFunction these fail: {failed}")
                elif all(hidden.values()):
                    problems.append(f"the {label} passes the hidden suite")
                elif bug.get("class") == "cost-class" and label != "buggy function":
                    # Right in output: only the tests that time a call or count calls may fail.
                    other = [nodeid for nodeid, ok in hidden.items() if not ok and not any(word in nodeid for word in COST_TEST_WORDS)]
                    if other:
                        problems.append(f"the {label} fails more than the cost tests: {other}")
        except (RuntimeError, subprocess.TimeoutExpired, ET.ParseError) as error:
            return bug, problems + [f"could not run the tests: {error}"], row
    return bug, problems, (*row, bug.get("class"), len(wrong), hidden_tests)


def main():
    names, python, whole_set = check_bugs.parse_command_line(HERE, __doc__, "case folders")
    classes = Counter()
    broken = 0
    started = time.monotonic()
    print(f"{'case':<28} {'class':<24} {'kind':<18} {'fail':>4} {'pass':>4} {'wrong':>5} {'hidden':>6}  result")
    for name in names:
        folder = os.path.join(HERE, name)
        hidden_folder = os.path.join(HIDDEN, name)
        before = (check_bugs.folder_hash(folder), os.path.isdir(hidden_folder) and check_bugs.folder_hash(hidden_folder))
        bug, problems, row = check_case(folder, python)
        after = (check_bugs.folder_hash(folder), os.path.isdir(hidden_folder) and check_bugs.folder_hash(hidden_folder))
        if after != before:
            problems.append("the case's folders changed during the check")
        classes[bug.get("class")] += 1
        if row and len(row) > 5:
            bug_id, kind, failing, passing, _, cls, wrong, hidden = row
            print(f"{name:<28} {cls:<24} {kind:<18} {failing:>4} {passing:>4} {wrong:>5} {hidden:>6}  {'ok' if not problems else 'FAIL'}")
        else:
            print(f"{name:<28} {'?':<24} {bug.get('kind', '?'):<18} {'':>4} {'':>4} {'':>5} {'':>6}  FAIL")
        for problem in problems:
            print(f"    {name}: {problem}")
        broken += bool(problems)
    short = []
    if whole_set:
        for cls in CLASSES:
            least = MIN_PER_CLASS.get(cls, MIN_PER_OTHER_CLASS)
            if classes[cls] < least:
                short.append(cls)
                print(f"    class {cls} has {classes[cls]} cases (at least {least})")
    print("per class: " + ", ".join(f"{cls} {classes[cls]}" for cls in CLASSES))
    print(f"{len(names)} cases, {len(names) - broken} ok, {time.monotonic() - started:.1f} s")
    return 1 if broken or short else 0


if __name__ == "__main__":
    sys.exit(main())
