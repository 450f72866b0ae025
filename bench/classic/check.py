"""Checks every classic-algorithm bug workspace in this folder.

For each <name>/bug.json: the buggy workspace must fail exactly the tests listed in
"failingTests" and pass at least one other; with "fixedFunction" put in place of the buggy
function (in a temporary copy) every test must pass. The workspaces themselves are never
written to: pytest runs on copies, and each folder's content hash is compared afterwards.
The checks themselves are in bench/check_bugs.py.

Usage: python3 bench/classic/check.py [name ...] [--python PATH]
Exit status 0 when every bug checks out, 1 otherwise.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # leave no __pycache__ in bench/
sys.path.insert(0, os.path.dirname(HERE))
import check_bugs  # noqa: E402

KINDS = check_bugs.CLASSIC_KINDS
MAX_PER_KIND = 5


if __name__ == "__main__":
    sys.exit(check_bugs.main(__doc__, HERE, KINDS, MAX_PER_KIND))
