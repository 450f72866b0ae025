"""Checks every bug workspace of the synthesis set in this folder.

For each <name>/bug.json: the buggy workspace must fail exactly the tests listed in
"failingTests" and pass at least one other; with "fixedFunction" put in place of the buggy
function (in a temporary copy) every test must pass. The workspaces themselves are never
written to: pytest runs on copies, and each folder's content hash is compared afterwards.
The checks themselves are in bench/check_bugs.py; the real-project bugs of this set
(real-bugs.jsonl) are checked by check_real.py.

Usage: python3 bench/synth/check.py [name ...] [--python PATH]
Exit status 0 when every bug checks out, 1 otherwise.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # leave no __pycache__ in bench/
sys.path.insert(0, os.path.dirname(HERE))
import check_bugs  # noqa: E402

# Bug classes whose fix is new code the search has to work out (README.md describes each).
KINDS = {
    "method-call",
    "wrong-literal",
    "sort-key",
    "new-comparison",
    "missing-disjunct-const",
    "expr-from-scope",
    "role-swap",
    "regex",
    "string-method",
    "helper-wrap",
}
MIN_PER_KIND = 3  # checked only when the whole set is checked
MAX_PER_KIND = 8


if __name__ == "__main__":
    sys.exit(check_bugs.main(__doc__, HERE, KINDS, MAX_PER_KIND, MIN_PER_KIND))
