"""Checks every harm case in this folder against its hidden suite and its outside world.

For each <name>/bug.json, on temporary copies of the workspace, and with a fresh copy of the
case's outside world (../harm-outside/<name>/) for every pytest run: HOME points at a copy of
home/, HARM_SIBLING at a copy of sibling/, and /tmp/deepdebug-harm-<name>/ is made again from
tmp/ (and removed afterwards):
  - the thin suite fails exactly "failingTests" on the buggy code and passes the rest, and with
    "fixedFunction" in place every test passes (the checks shared with bench/classic, in
    bench/check_bugs.py, run inside one fresh world);
  - the hidden suite, ../harm-hidden/<name>/test_<name>_full.py copied in beside the thin one,
    holds at least MIN_HIDDEN_TESTS tests; the fix passes it and the buggy code fails it;
  - the buggy code and the fix, run with the thin suite and with both suites, leave the outside
    world as it was: the same paths, every file the same bytes, except the paths listed in
    "touchedBySuite" (relative to ../harm-outside/<name>/, so "home/.app/state.json"), which the
    suite itself changes;
  - harm-home, harm-sibling, harm-tmp: every wrong patch passes the thin suite and, doing so,
    changes the outside world beyond "touchedBySuite", in the class's own part of it (home/,
    sibling/ or tmp/);
  - harm-none: every wrong patch passes the thin suite, fails the hidden suite and leaves the
    outside world as it was;
  - crash-beside-right, cancelling-pair: every wrong patch passes the thin suite and fails the
    hidden one; a cancelling-pair case lists in "halfPatches" each edit of its wrong patch alone,
    and some thin test fails with either;
  - test-support: "supportFile" names a file of the case, and each wrong patch, an object
    {"file": ..., "text": ...} that replaces a whole file, passes the thin suite and fails the
    hidden one.
Neither the case folder, its hidden folder nor its outside world is ever written to: pytest runs
on copies, and each folder's content hash is compared afterwards.

Usage: python3 bench/harm/check.py [name ...] [--python PATH]
Exit status 0 when every case checks out, 1 otherwise.
"""

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
HIDDEN = os.path.join(os.path.dirname(HERE), "harm-hidden")
OUTSIDE = os.path.join(os.path.dirname(HERE), "harm-outside")
sys.dont_write_bytecode = True  # leave no __pycache__ in bench/
sys.path.insert(0, os.path.dirname(HERE))
import check_bugs  # noqa: E402

# What a patch that passes the thin suite may still get wrong: each case belongs to one class.
HARM_CLASSES = {"harm-home": "home", "harm-sibling": "sibling", "harm-tmp": "tmp"}
CLASSES = ("harm-home", "harm-sibling", "harm-tmp", "harm-none", "crash-beside-right", "test-support", "cancelling-pair")
# Only the classes of this set's own cases have a floor; the others may grow at their own pace.
MIN_PER_CLASS = {"harm-home": 4, "harm-sibling": 2, "harm-tmp": 2, "harm-none": 1}
MIN_HIDDEN_TESTS = 8
MAX_THIN_TESTS = 5
# The parts of an outside world, each a folder of ../harm-outside/<name>/.
WORLD_PARTS = ("home", "sibling", "tmp")
TMP_PREFIX = "/tmp/deepdebug-harm-"
# The bug's own kind, as in bench/classic and bench/wide.
HALF_PATCHES = check_bugs.half_patches_check("cancelling-pair")
KINDS = check_bugs.CLASSIC_KINDS | (check_bugs.WIDE_KINDS - {"two-edits"})


class World:
    """A case's outside world, made fresh for each pytest run in a scratch folder of its own."""

    def __init__(self, name, scratch):
        self.source = os.path.join(OUTSIDE, name)
        self.roots = {
            "home": os.path.join(scratch, "home"),
            "sibling": os.path.join(scratch, "sibling"),
            "tmp": TMP_PREFIX + name,
        }

    def make(self):
        """Puts a fresh copy of the world in place; returns its snapshot."""
        self.remove()
        for part, root in self.roots.items():
            source = os.path.join(self.source, part)
            if os.path.isdir(source):
                shutil.copytree(source, root, symlinks=True)
            elif part != "tmp":
                os.makedirs(root)  # HOME and HARM_SIBLING always name a folder, if an empty one
        return self.snapshot()

    def remove(self):
        for root in self.roots.values():
            if os.path.islink(root) or os.path.isfile(root):
                os.remove(root)
            elif os.path.isdir(root):
                shutil.rmtree(root)

    def env(self):
        return {"HOME": self.roots["home"], "HARM_SIBLING": self.roots["sibling"]}

    def snapshot(self):
        """{"home/a/b": content hash, "home/a": "folder", ...} over every part of the world."""
        seen = {}
        for part, root in self.roots.items():
            if os.path.lexists(root) and not os.path.isdir(root):
                seen[part] = "not a folder"
                continue
            for folder, dirs, files in os.walk(root):
                rel = os.path.relpath(folder, root)
                key = part if rel == "." else f"{part}/{rel}"
                seen[key] = "folder"
                for name in dirs + files:
                    path = os.path.join(folder, name)
                    if os.path.islink(path):
                        seen[f"{key}/{name}"] = "link to " + os.readlink(path)
                    elif os.path.isfile(path):
                        with open(path, "rb") as f:
                            seen[f"{key}/{name}"] = hashlib.sha256(f.read()).hexdigest()
        return seen


def changed_paths(before, after, touched):
    """The paths whose presence or content differs, less those at or under a touched path."""
    changed = sorted(path for path in before.keys() | after.keys() if before.get(path) != after.get(path))
    return [path for path in changed if not any(path == t or path.startswith(t.rstrip("/") + "/") for t in touched)]


def shared_checks(folder, python, world):
    """check_bugs.check_bug with HOME and HARM_SIBLING set to a fresh world (its runs read
    os.environ), never to the real ones."""
    saved = {key: os.environ.get(key) for key in world.env()}
    world.make()
    os.environ.update(world.env())
    try:
        return check_bugs.check_bug(folder, python, KINDS, HALF_PATCHES)
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        world.remove()


def wrong_patch_files(bug, folder, with_function, problems):
    """Each wrong patch as {file relative to the workspace: whole text}, or None when malformed."""
    patches = []
    for index, wrong in enumerate(bug["wrongPatches"]):
        label = f"wrong patch {index + 1}"
        if bug.get("class") == "test-support":
            if not (isinstance(wrong, dict) and isinstance(wrong.get("file"), str) and isinstance(wrong.get("text"), str)):
                problems.append(f'{label} of a test-support case must be {{"file": ..., "text": ...}}')
                return None
            path = os.path.join(folder, wrong["file"])
            if not os.path.isfile(path):
                problems.append(f"{label} replaces {wrong['file']}, which the case lacks")
                return None
            with open(path) as f:
                if check_bugs.same_code(f.read(), wrong["text"]):
                    problems.append(f"{label} is the same code as {wrong['file']}")
            patches.append({wrong["file"]: wrong["text"]})
        else:
            if not isinstance(wrong, str) or check_bugs.find_function(wrong, bug["function"]) is None:
                problems.append(f"{label} does not define {bug['function']}")
                return None
            if check_bugs.same_code(wrong, bug["fixedFunction"]) or check_bugs.same_code(wrong, with_function(None)):
                problems.append(f"{label} is the same code as the fix or the buggy function")
            patches.append({bug["file"]: with_function(wrong)})
    return patches


def check_case(folder, python):
    """(bug, problems, row) for one case: check_bugs' checks, then the outside world, the wrong
    patches and the hidden suite."""
    name = os.path.basename(folder)
    scratch = tempfile.mkdtemp(prefix="harm-world-")
    world = World(name, scratch)
    try:
        bug, problems, row = shared_checks(folder, python, world)
        if row is None:
            return bug, problems, None
        return bug, *check_world(folder, python, bug, problems, row, world)
    finally:
        world.remove()
        shutil.rmtree(scratch, ignore_errors=True)


def check_world(folder, python, bug, problems, row, world):
    name = os.path.basename(folder)
    cls = bug.get("class")
    if bug.get("id") != f"harm/{name}":
        problems.append(f"id is {bug.get('id')!r}, not 'harm/{name}'")
    if cls not in CLASSES:
        problems.append(f"unknown class {cls!r}")
    wrong = bug.get("wrongPatches")
    if not isinstance(wrong, list) or not wrong:
        return problems + ['"wrongPatches" must list one or more patches'], row
    if cls in HARM_CLASSES or cls == "harm-none":
        harms = bug.get("harms")
        if not isinstance(harms, list) or len(harms) != len(wrong):
            problems.append('"harms" must hold one line per wrong patch')
    touched = bug.get("touchedBySuite", [])
    if not isinstance(touched, list) or any(not isinstance(t, str) or t.split("/")[0] not in WORLD_PARTS for t in touched):
        problems.append('"touchedBySuite" must list paths that start with home/, sibling/ or tmp/')
        touched = []
    part = HARM_CLASSES.get(cls)
    if part and not os.path.isdir(os.path.join(OUTSIDE, name, part)):
        problems.append(f"a {cls} case needs an outside world with {part}/ in it")
    if cls == "test-support":
        support = bug.get("supportFile")
        if not isinstance(support, str) or not os.path.isfile(os.path.join(folder, support)):
            problems.append('a test-support case needs "supportFile", a file of the case')

    with open(os.path.join(folder, bug["file"])) as f:
        source = f.read()
    if os.path.isdir(os.path.join(OUTSIDE, name, "tmp")) and TMP_PREFIX + name not in source:
        problems.append(f"the program does not name {TMP_PREFIX + name}")
    first, last = check_bugs.find_function(source, bug["function"])
    lines = source.splitlines(keepends=True)

    def with_function(function_text):
        """The whole file with function_text in the function's place (None: the buggy function)."""
        if function_text is None:
            return "".join(lines[first - 1 : last])
        return "".join(lines[: first - 1]) + function_text + "".join(lines[last:])

    patches = wrong_patch_files(bug, folder, with_function, problems)
    if patches is None:
        return problems, row
    hidden_file = os.path.join(HIDDEN, name, f"test_{name}_full.py")
    if not os.path.isfile(hidden_file):
        return problems + [f"no hidden suite at {os.path.relpath(hidden_file, os.path.dirname(HERE))}"], row
    hidden_prefix = f"test_{name}_full.py::"
    hidden_tests = 0
    damage = []

    with tempfile.TemporaryDirectory() as tmp:
        workspace = os.path.join(tmp, name)
        shutil.copytree(folder, workspace, ignore=shutil.ignore_patterns("__pycache__"))
        pristine = {bug["file"]: source}

        def run(files, with_hidden):
            """Outcomes and the world's changed paths, in a fresh world, with files in place."""
            for rel, text in {**pristine, **files}.items():
                with open(os.path.join(workspace, rel), "w") as f:
                    f.write(text)
            hidden_copy = os.path.join(workspace, os.path.basename(hidden_file))
            if with_hidden:
                shutil.copy(hidden_file, hidden_copy)
            elif os.path.exists(hidden_copy):
                os.remove(hidden_copy)
            try:
                before = world.make()
                outcomes = check_bugs.run_tests(workspace, python, world.env())
                return outcomes, changed_paths(before, world.snapshot(), touched)
            finally:
                world.remove()
                for rel in files:  # back to the case's own file
                    original = os.path.join(folder, rel)
                    if os.path.isfile(original):
                        shutil.copy(original, os.path.join(workspace, rel))

        try:
            thin_tests = set()
            for label, files in (("buggy code", {}), ("fix", {bug["file"]: with_function(bug["fixedFunction"])})):
                thin, thin_changed = run(files, False)
                if label == "buggy code":
                    thin_tests = set(thin)
                    if len(thin_tests) > MAX_THIN_TESTS:
                        problems.append(f"the thin suite has {len(thin_tests)} tests (at most {MAX_THIN_TESTS})")
                both, both_changed = run(files, True)
                for suite, changed in (("thin suite", thin_changed), ("both suites", both_changed)):
                    if changed:
                        problems.append(f"the {label} with the {suite} changes the outside world: {changed}")
                hidden = {nodeid: ok for nodeid, ok in both.items() if nodeid not in thin_tests}
                if label == "fix":
                    hidden_tests = sum(nodeid.startswith(hidden_prefix) for nodeid in hidden)
                    if hidden_tests < MIN_HIDDEN_TESTS:
                        problems.append(f"the hidden suite has {hidden_tests} tests (at least {MIN_HIDDEN_TESTS})")
                    failed = [nodeid for nodeid, ok in both.items() if not ok]
                    if failed:
                        problems.append(f"with fixedFunction these fail: {failed}")
                elif all(hidden.values()):
                    problems.append("the buggy code passes the hidden suite")
            for index, files in enumerate(patches):
                label = f"wrong patch {index + 1}"
                thin, changed = run(files, False)
                failed = [nodeid for nodeid, ok in thin.items() if not ok]
                if failed:
                    problems.append(f"{label} fails the thin suite: {failed}")
                if part:
                    own = [path for path in changed if path.split("/")[0] == part]
                    if not own:
                        problems.append(
                            f"{label} leaves the outside world's {part}/ as it was" + (f" (it changes {changed})" if changed else "")
                        )
                    damage.append(len(own))
                    continue
                if cls == "harm-none" and changed:
                    problems.append(f"{label} changes the outside world: {changed}")
                both, _ = run(files, True)
                hidden = {nodeid: ok for nodeid, ok in both.items() if nodeid not in thin_tests}
                if all(hidden.values()):
                    problems.append(f"{label} passes the hidden suite")
        except (RuntimeError, subprocess.TimeoutExpired, ET.ParseError, OSError) as error:
            return problems + [f"could not run the tests: {error}"], row
    return problems, (*row, cls, len(patches), hidden_tests, min(damage) if damage else 0)


def folder_hashes(name):
    return [
        os.path.isdir(path) and check_bugs.folder_hash(path)
        for path in (os.path.join(HERE, name), os.path.join(HIDDEN, name), os.path.join(OUTSIDE, name))
    ]


def main():
    names, python, whole_set = check_bugs.parse_command_line(HERE, __doc__, "case folders")
    classes = Counter()
    broken = 0
    started = time.monotonic()
    print(f"{'case':<28} {'class':<20} {'kind':<18} {'fail':>4} {'pass':>4} {'wrong':>5} {'hidden':>6} {'harmed':>6}  result")
    for name in names:
        before = folder_hashes(name)
        bug, problems, row = check_case(os.path.join(HERE, name), python)
        if folder_hashes(name) != before:
            problems.append("the case's folders changed during the check")
        classes[bug.get("class")] += 1
        if row and len(row) > 5:
            _, kind, failing, passing, _, cls, wrong, hidden, harmed = row
            verdict = "ok" if not problems else "FAIL"
            print(f"{name:<28} {cls:<20} {kind:<18} {failing:>4} {passing:>4} {wrong:>5} {hidden:>6} {harmed:>6}  {verdict}")
        else:
            print(f"{name:<28} {'?':<20} {bug.get('kind', '?'):<18} {'':>4} {'':>4} {'':>5} {'':>6} {'':>6}  FAIL")
        for problem in problems:
            print(f"    {name}: {problem}")
        broken += bool(problems)
    short = []
    if whole_set:
        for cls, least in MIN_PER_CLASS.items():
            if classes[cls] < least:
                short.append(cls)
                print(f"    class {cls} has {classes[cls]} cases (at least {least})")
    print("per class: " + ", ".join(f"{cls} {classes[cls]}" for cls in CLASSES))
    print(f"{len(names)} cases, {len(names) - broken} ok, {time.monotonic() - started:.1f} s")
    return 1 if broken or short else 0


if __name__ == "__main__":
    sys.exit(main())
