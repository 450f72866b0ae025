"""The first run's entry: pytest as ``python -m pytest`` runs it, plus where an early exit came from.

pytest wraps only an ``Exception`` raised while it imports a conftest.py; a ``sys.exit`` there
or in a plugin it imports (``-p``, ``addopts``, ``pytest_plugins``) ends the interpreter with a
status and no word of which file. Once pytest runs a session it catches ``SystemExit`` itself,
so one that reaches this entry came from its start, and its traceback, printed here, names the
file (the engine reads it: src/core/pytest/pytest-output.ts). Any other exception escaping
pytest prints its own traceback, as under ``python -m pytest``.
"""

import sys
import traceback

import pytest


def main() -> None:
    try:
        status = pytest.console_main()
    except SystemExit as exit:
        traceback.print_exception(type(exit), exit, exit.__traceback__)
        raise
    sys.exit(status)


if __name__ == "__main__":
    main()
