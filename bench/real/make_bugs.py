"""Executable bugs in real Python projects, frozen as data (bench/real/bugs.jsonl).

Subjects are pure-Python Debian packages that ship their upstream tests (see README.md). For
each subject this script copies the installed package into a temporary workspace, records
which tests pass and which package functions each passing test calls, injects ONE bug into
each covered function with the training data's bug injector (models/training/extract_bugs.py,
fixed seed), runs the test files that cover the function, and keeps the bug when at least
one previously passing test fails, nothing fails to collect and the run does not hang.

Run it with Debian's interpreter, which sees the packages under dist-packages:

  /usr/bin/python3 bench/real/make_bugs.py generate [--seed 1] [--per-subject 80] [--jobs 2]
  /usr/bin/python3 bench/real/make_bugs.py workspace <bug id> <new folder>

`workspace` builds the folder `deepdebug fix` runs on for one bug: the subject's package with
the buggy function in place and an empty pytest.ini (so the folder is pytest's rootdir).
"""

import argparse
import hashlib
import importlib.util
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "models", "training"))
import extract_bugs as injector  # noqa: E402  (the training data's bug injector, shared on purpose)

BUGS_FILE = os.path.join(HERE, "bugs.jsonl")
# Debian package -> import name. Small, fast, all-green suites (README.md has the numbers).
SUBJECTS = {
    "toolz": "python3-toolz",
    "h11": "python3-h11",
    "cerberus": "python3-cerberus",
    "aniso8601": "python3-aniso8601",
    "bs4": "python3-bs4",
}
# Bugs tried per function before giving up on it: the first kinds may not break any test.
ATTEMPTS_PER_FUNCTION = 3
QUICK_SIZE = 15


def subject_version(subject):
    deb = SUBJECTS[subject]
    out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", deb], capture_output=True, text=True)
    if out.returncode != 0 or not out.stdout:
        sys.exit(f"make_bugs: {deb} is not installed (apt-get install -y {deb})")
    return out.stdout.strip()


def package_dir(subject):
    spec = importlib.util.find_spec(subject)
    if spec is None or not spec.submodule_search_locations:
        sys.exit(f"make_bugs: package {subject} not found; run with Debian's /usr/bin/python3")
    return list(spec.submodule_search_locations)[0]


def copy_subject(subject, dest):
    """A workspace holding a pristine copy of the subject's package."""
    os.makedirs(dest, exist_ok=True)
    shutil.copytree(package_dir(subject), os.path.join(dest, subject), ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    with open(os.path.join(dest, "pytest.ini"), "w") as f:
        f.write("[pytest]\n")
    return dest


def replace_lines(text, start, end, new_text):
    lines = text.split("\n")
    return "\n".join(lines[: start - 1] + new_text.split("\n") + lines[end:])


def function_lines(text, start, end):
    return "\n".join(text.split("\n")[start - 1 : end])


def run_tests(workspace, selection, coverage, timeout):
    """{nodeid: {"outcome", "functions"}} of a pytest run, or None when it hung."""
    report = os.path.join(workspace, "..", os.path.basename(workspace) + "-report.json")
    env = dict(
        os.environ,
        PYTHONDONTWRITEBYTECODE="1",
        PYTHONPATH=HERE,
        BENCH_REPORT=report,
        BENCH_PACKAGE_ROOT=workspace,
        BENCH_COVERAGE="1" if coverage else "0",
    )
    args = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "function_coverage", "-o", "addopts=", *selection]
    child = subprocess.Popen(args, cwd=workspace, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        child.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()
        return None
    if not os.path.exists(report):
        return {"<no report>": {"outcome": "failed", "functions": []}}
    with open(report) as f:
        tests = json.load(f)["tests"]
    os.remove(report)
    return tests


def covered_functions(workspace, subject, baseline):
    """[(file, qualname, ast node, start, end, covering passing test ids, qualname unique in file)]
    in file order."""
    callers = {}
    for nodeid, test in baseline.items():
        if test["outcome"] == "passed":
            for file, line in test.get("functions", []):
                callers.setdefault((file, line), set()).add(nodeid)
    found = []
    root = os.path.join(workspace, subject)
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            rel = os.path.relpath(os.path.join(dirpath, name), workspace).replace(os.sep, "/")
            if not name.endswith(".py") or injector.is_test_file(rel):
                continue
            with open(os.path.join(workspace, rel), encoding="utf-8") as f:
                source = f.read()
            if "\r" in source or "\t" in source:
                continue  # the injector's column arithmetic assumes neither
            defined = injector.functions(injector.ast.parse(source))
            names = [qualname for qualname, *_ in defined]
            for qualname, node, *_ in defined:
                start = min([node.lineno] + [d.lineno for d in node.decorator_list])
                tests = callers.get((rel, start), set()) | callers.get((rel, node.lineno), set())
                if tests:
                    found.append((rel, qualname, node, start, node.end_lineno, sorted(tests), names.count(qualname) == 1))
    return found


def kind_order(options, rng, made_per_kind):
    """Kinds least represented so far first (a balanced benchmark), ties broken as the
    training data's extractor draws them (kinds present in nearly every function less often)."""
    draw = {k: rng.random() ** (1 / injector.KIND_WEIGHTS.get(k, 1.0)) for k in sorted(options)}
    return sorted(options, key=lambda k: (made_per_kind.get(k, 0), -draw[k]))


def test_files(nodeids):
    return sorted({nodeid.split("::")[0] for nodeid in nodeids})


def generate_subject(subject, seed, per_subject, per_function=1, only_split=None, partial=None):
    version = subject_version(subject)
    bugs = []
    with tempfile.TemporaryDirectory(prefix=f"bench-real-{subject}-") as tmp:
        workspace = copy_subject(subject, os.path.join(tmp, "ws"))
        baseline = run_tests(workspace, [subject], coverage=True, timeout=600)
        if baseline is None:
            sys.exit(f"make_bugs: the {subject} suite hung")
        passing = {n for n, t in baseline.items() if t["outcome"] == "passed"}
        functions = covered_functions(workspace, subject, baseline)
        print(
            f"{subject} {version}: {len(passing)}/{len(baseline)} tests pass, {len(functions)} covered functions",
            file=sys.stderr,
            flush=True,
        )
        order = random.Random(f"{seed}:{subject}")
        order.shuffle(functions)
        made_per_kind = {}
        for rel, qualname, node, start, end, tests, unique in functions:
            if len(bugs) >= per_subject:
                break
            if not injector.MIN_LINES <= end - start + 1 <= injector.MAX_LINES:
                continue
            path = os.path.join(workspace, rel)
            with open(path, encoding="utf-8") as f:
                source = f.read()
            original = function_lines(source, start, end)
            if len(original) > injector.MAX_CHARS or injector.normalized(original) is None:
                continue
            name = f"{subject}/{rel}::{qualname}"
            # A property's getter and setter share a qualname: the id then names the line too.
            bug_id = name if unique else f"{name}@{start}"
            if only_split and split_of(bug_id) != only_split:
                continue
            rng = random.Random(f"{seed}:{name}")
            lines = injector.Lines(source)
            options = injector.mutations(node, lines, rng)
            selection = test_files(tests)
            attempts, made = 0, 0
            for kind in kind_order(options, rng, made_per_kind):
                if attempts >= ATTEMPTS_PER_FUNCTION * per_function or made >= per_function or len(bugs) >= per_subject:
                    break
                buggy = injector.inject(node, start, end, lines, rng.choice(options[kind]))
                if buggy is None or injector.normalized(buggy) in (None, injector.normalized(original)):
                    continue
                attempts += 1
                with open(path, "w", encoding="utf-8") as f:
                    f.write(replace_lines(source, start, end, buggy))
                try:
                    after = run_tests(workspace, selection, coverage=False, timeout=30)
                finally:
                    with open(path, "w", encoding="utf-8") as f:
                        f.write(source)
                if after is None or any(t["outcome"] == "failed" and n not in baseline for n, t in after.items()):
                    continue  # hung, or broke collection: not a bug the engine can be run on
                failing = sorted(n for n in passing if n in after and after[n]["outcome"] == "failed")
                lost = [n for n in selection_tests(passing, selection) if n not in after]
                if not failing or lost:
                    continue
                made_per_kind[kind] = made_per_kind.get(kind, 0) + 1
                made += 1
                bugs.append(
                    {
                        # Further bugs in one function (--per-function) are told apart by a suffix.
                        "id": bug_id if made == 1 else f"{bug_id}~{made}",
                        "subject": subject,
                        "subjectVersion": version,
                        "file": rel,
                        "function": qualname,
                        "startLine": start,
                        "endLine": end,
                        "kind": kind,
                        "buggyFunction": buggy,
                        "fixedFunction": original,
                        "tests": selection,
                        "failingTests": failing,
                    }
                )
                if partial:
                    # Bugs as they are made, so a run stopped early keeps them (`generate` sorts at the end).
                    with open(f"{partial}.{subject}.partial", "a") as f:
                        f.write(json.dumps(dict(bugs[-1], split=split_of(bugs[-1]["id"]))) + "\n")
                print(f"  {bug_id} {kind}: {len(failing)} failing", file=sys.stderr, flush=True)
    return bugs


def selection_tests(passing, selection):
    return [n for n in passing if n.split("::")[0] in selection]


def split_of(bug_id):
    """Deterministic half/half split by function; 'test' is held out from any tuning."""
    function_id = bug_id.split("~")[0]
    return "dev" if hashlib.sha1(function_id.encode()).digest()[0] % 2 == 0 else "test"


def mark_quick(bugs):
    """A fixed small dev subset for --quick runs: round-robin over subjects, new kinds first."""
    dev = sorted((b for b in bugs if b["split"] == "dev"), key=lambda b: hashlib.sha1(b["id"].encode()).hexdigest())
    chosen, kinds = [], set()
    subjects = sorted({b["subject"] for b in dev})
    while len(chosen) < min(QUICK_SIZE, len(dev)):
        for subject in subjects:
            pool = [b for b in dev if b["subject"] == subject and b not in chosen]
            if pool and len(chosen) < QUICK_SIZE:
                pick = next((b for b in pool if b["kind"] not in kinds), pool[0])
                chosen.append(pick)
                kinds.add(pick["kind"])
    for bug in bugs:
        bug["quick"] = bug in chosen


def generate(args):
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        subjects = args.subjects or sorted(SUBJECTS)
        n = len(subjects)
        per_subject = list(
            pool.map(
                generate_subject,
                subjects,
                [args.seed] * n,
                [args.per_subject] * n,
                [args.per_function] * n,
                [args.split] * n,
                [args.out] * n,
            )
        )
    bugs = sorted((b for group in per_subject for b in group), key=lambda b: b["id"])
    for bug in bugs:
        bug["split"] = split_of(bug["id"])
    mark_quick(bugs)
    with open(args.out, "w") as f:
        for bug in bugs:
            f.write(json.dumps(bug) + "\n")
    counts = {}
    for bug in bugs:
        counts.setdefault(bug["kind"], {"dev": 0, "test": 0})[bug["split"]] += 1
    print(json.dumps({"bugs": len(bugs), "byKind": counts}, indent=1), file=sys.stderr)


def load_bugs(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def workspace(args):
    bug = next((b for b in load_bugs(args.bugs) if b["id"] == args.bug_id), None)
    if bug is None:
        sys.exit(f"make_bugs: no bug {args.bug_id!r} in {args.bugs}")
    version = subject_version(bug["subject"])
    if version != bug["subjectVersion"]:
        sys.exit(f"make_bugs: {bug['subject']} {version} is installed, the bug was made on {bug['subjectVersion']}")
    if os.path.exists(args.dest) and os.listdir(args.dest):
        sys.exit(f"make_bugs: {args.dest} is not empty")
    copy_subject(bug["subject"], args.dest)
    path = os.path.join(args.dest, bug["file"])
    with open(path, encoding="utf-8") as f:
        source = f.read()
    if function_lines(source, bug["startLine"], bug["endLine"]) != bug["fixedFunction"]:
        sys.exit(f"make_bugs: {bug['file']} lines {bug['startLine']}-{bug['endLine']} differ from the bug's original function")
    with open(path, "w", encoding="utf-8") as f:
        f.write(replace_lines(source, bug["startLine"], bug["endLine"], bug["buggyFunction"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    gen = commands.add_parser("generate", help="inject, verify and freeze the bugs")
    gen.add_argument("--seed", type=int, default=1)
    gen.add_argument("--per-subject", type=int, default=80, help="at most this many bugs per subject")
    gen.add_argument("--jobs", type=int, default=2)
    gen.add_argument("--per-function", type=int, default=1, help="at most this many bugs (of different kinds) per function")
    gen.add_argument("--split", choices=["dev", "test"], help="only functions of this split (default: both)")
    gen.add_argument("--out", default=BUGS_FILE)
    gen.add_argument("--subjects", nargs="*", choices=sorted(SUBJECTS), help="default: all")
    ws = commands.add_parser("workspace", help="build one bug's workspace")
    ws.add_argument("bug_id")
    ws.add_argument("dest")
    ws.add_argument("--bugs", default=BUGS_FILE, help="the bug file (default: the frozen set)")
    args = parser.parse_args()
    generate(args) if args.command == "generate" else workspace(args)


if __name__ == "__main__":
    main()
