"""Checks the real-project bugs of this set (real-bugs.jsonl) against the installed packages.

The checks of bench/check_real_bugs.py: each record's workspace is built by
bench/real/make_bugs.py, and its `tests` must fail exactly `failingTests` with the bug and
pass with `fixedFunction` back in place. A record must have the fields of
bench/real/bugs.jsonl, a kind of this set (check.py), an id ending in `~synth` and the
`split` that make_bugs.py derives from the id.

Run it with Debian's interpreter, which sees the packages:

  /usr/bin/python3 bench/synth/check_real.py [id ...] [--bugs FILE]

Exit status 0 when every bug checks out, 1 otherwise.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # leave no __pycache__ in bench/
sys.path.insert(0, os.path.dirname(HERE))
import check_real_bugs  # noqa: E402
from check import KINDS  # noqa: E402

BUG_SET = check_real_bugs.BugSet(KINDS, "~synth", temp_prefix="synth-real-", id_width=72, kind_width=14)


if __name__ == "__main__":
    sys.exit(check_real_bugs.main(__doc__, HERE, BUG_SET))
