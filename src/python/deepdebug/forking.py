"""How the worker forks a candidate's child: libc's fork where the interpreter's after-fork
work would mend nothing, else os.fork."""

from __future__ import annotations

import os
import sys
import sysconfig
import threading
from typing import Any, Callable, List

# os.fork runs the interpreter's after-fork work in the child: re-making its locks and the
# Python-level handlers (threading's, random's, logging's...). On this project's reference
# machine that writes ~230 pages, each copied at ~40 us: a fifth of a candidate. In a worker
# with one thread that work mends nothing (no other thread can hold a lock), so there the
# child is forked by libc directly and only reseeds random, as random's handler would.

# Standard-library modules whose after-fork handlers only re-make locks or reseed random.
IDLE_FORK_HANDLERS = frozenset({"threading", "random", "logging", "concurrent.futures.thread"})
# The modules that registered after-fork handlers since this plugin was imported (before it,
# pytest's start imports only the standard library modules above).
_fork_handler_owners: List[str] = []
_register_at_fork = getattr(os, "register_at_fork", None)


def _recording_register_at_fork(**handlers: Any) -> None:
    _fork_handler_owners.append(str(sys._getframe(1).f_globals.get("__name__")))
    assert _register_at_fork is not None
    _register_at_fork(**handlers)


if sys.platform != "win32" and _register_at_fork is not None:
    os.register_at_fork = _recording_register_at_fork


def choose_fork() -> Callable[[], int]:
    """libc's fork where skipping the interpreter's after-fork work is safe: CPython 3.10-3.13
    with the GIL, on Linux, one thread in the process, and no after-fork handler but idle ones
    registered; else os.fork."""
    if sys.platform == "win32":
        raise NotImplementedError("forked children only: Windows has no fork")
    if not (
        sys.platform.startswith("linux")
        and sys.implementation.name == "cpython"
        and (3, 10) <= sys.version_info[:2] <= (3, 13)
        and not sysconfig.get_config_var("Py_GIL_DISABLED")
        and threading.active_count() == 1
        and len(os.listdir("/proc/self/task")) == 1
        and all(owner in IDLE_FORK_HANDLERS for owner in _fork_handler_owners)
    ):
        return os.fork
    try:
        import ctypes

        # A PyDLL call keeps the GIL: the child starts holding it, as its only thread.
        libc_fork = ctypes.PyDLL(None, use_errno=True).fork
    except (OSError, AttributeError):
        return os.fork
    libc_fork.restype = ctypes.c_int
    libc_fork.argtypes = []

    def fork() -> int:
        pid = int(libc_fork())
        if pid < 0:
            raise OSError(ctypes.get_errno(), "fork failed")
        if pid == 0 and "random" in sys.modules:
            sys.modules["random"].seed()
        return pid

    return fork
