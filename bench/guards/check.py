"""Checks every bug workspace of the guards set in this folder (see bench/check_bugs.py): the
buggy workspace fails exactly the listed tests and passes another; with the fixed function in
place (in a temporary copy) every test passes; the folders are never written to.

Usage: python3 bench/guards/check.py [name ...] [--python PATH]
Exit status 0 when every bug checks out, 1 otherwise.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # leave no __pycache__ in bench/
sys.path.insert(0, os.path.dirname(HERE))
import check_bugs  # noqa: E402

KINDS = {"missing-guard"}
MIN_PER_KIND = 5  # checked only when the whole set is checked
MAX_PER_KIND = 10

if __name__ == "__main__":
    sys.exit(check_bugs.main(__doc__, HERE, KINDS, MAX_PER_KIND, MIN_PER_KIND))
