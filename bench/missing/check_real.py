"""Checks the real-project bugs of this set (real-bugs.jsonl) against the installed packages.

The strict checks of bench/check_real_bugs.py: each record's workspace is built by
bench/real/make_bugs.py, and its `tests` must fail exactly `failingTests` with the bug and
pass with `fixedFunction` back in place. A record must have the fields of
bench/real/bugs.jsonl plus `description`, a kind of this set (missing code, see KINDS), an id
<subject>/<file>::<function>[@<startLine>] ending in `~missing`, the `split` that
make_bugs.py derives from the id, `quick` false, `fixedFunction` spanning
startLine..endLine, and both function texts must parse as one function definition.

Run it with Debian's interpreter, which sees the packages:

  /usr/bin/python3 bench/missing/check_real.py [id ...] [--bugs FILE]

Exit status 0 when every bug checks out, 1 otherwise.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # leave no __pycache__ in bench/
sys.path.insert(0, os.path.dirname(HERE))
import check_real_bugs  # noqa: E402
from check import KIND_COUNTS  # noqa: E402

# The kinds of this set (check.py) but the two that no real-project bug here has.
KINDS = set(KIND_COUNTS) - {"constant-literal", "sort-key"}
BUG_SET = check_real_bugs.BugSet(
    KINDS,
    "~missing",
    temp_prefix="missing-real-",
    id_width=92,
    kind_width=15,
    extra_fields=("description",),
    strict=True,
)


if __name__ == "__main__":
    sys.exit(check_real_bugs.main(__doc__, HERE, BUG_SET))
