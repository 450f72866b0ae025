"""A candidate's resource limits, and reaping every process it leaves behind."""

from __future__ import annotations

import os
import signal
import sys
import time
from typing import Callable, List, Optional, Tuple

from .memory import MEMORY_EXIT_STATUS, OVER_ALLOWANCE
from .wire import RunRequest

_prctl: Optional[Callable[[int, int], int]] = None
PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36


def set_prctl(option: int, value: int) -> bool:
    """prctl on Linux; False elsewhere. The first call (in the worker) loads libc; children
    reuse it, as dlopen in every child costs ~30 ms."""
    global _prctl
    try:
        if _prctl is None:
            import ctypes

            _prctl = ctypes.CDLL(None, use_errno=True).prctl
        return _prctl(option, value) == 0
    except (OSError, AttributeError):
        return False


def die_with_parent() -> None:
    """Ask Linux to kill this process when its parent dies (no-op elsewhere)."""
    if sys.platform == "linux":
        set_prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


Limits = List[Tuple[int, Tuple[int, int]]]


def child_limits(request: RunRequest) -> Limits:
    """The candidate's own limits, set in its child and inherited by everything it starts;
    computed in the worker, whose address space and process count the child starts from. The
    process count is capped by the pids cgroup the whole worker runs in, where there is one
    (the request then has no "nproc"): RLIMIT_NPROC does not bind root. For forked children
    only, so the module imports where there is no ``resource`` (Windows)."""
    if sys.platform == "win32":
        raise NotImplementedError("forked children only: Windows has no fork")
    import resource

    limits: Limits = []
    memory_mb = int(request["memoryMb"])
    if memory_mb > 0 and os.path.exists("/proc/self/statm"):
        # Allowance on top of what the worker already maps (libraries reserve large address
        # ranges). Linux only: elsewhere RLIMIT_AS is not enforced anyway.
        with open("/proc/self/statm") as statm:
            current = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        limit = current + memory_mb * 1024 * 1024
        limits.append((resource.RLIMIT_AS, (limit, limit)))
    cpu = int(request["cpuSeconds"])
    if cpu > 0:
        # SIGXCPU at the soft limit, SIGKILL a second later for a process that handles it.
        limits.append((resource.RLIMIT_CPU, (cpu, cpu + 1)))
    # A candidate printing in a loop must not fill the disk through pytest's capture files.
    size = int(request["fileSizeMb"]) * 1024 * 1024
    limits.append((resource.RLIMIT_FSIZE, (size, size)))
    nproc = request["nproc"]
    if nproc:
        # RLIMIT_NPROC counts all of this user's processes (the child to be among them), so
        # the allowance goes on top.
        limit = own_process_count() + 1 + int(nproc)
        limits.append((resource.RLIMIT_NPROC, (limit, limit)))
    return limits


def memory_unbound(request: RunRequest, limits: Limits) -> bool:
    """Whether the request's memory allowance is left unbound by the child's limits (no limit
    on the address space: macOS), so that a watch must keep it (memory.end_past_allowance)."""
    if sys.platform == "win32":
        raise NotImplementedError("forked children only: Windows has no fork")
    import resource

    return int(request["memoryMb"]) > 0 and all(which != resource.RLIMIT_AS for which, _ in limits)


def session_limits(request: RunRequest) -> Limits:
    """The limit a session that runs candidates in place can take for good: the largest file.
    Not the address space (a session short of memory stalls: memory.MemoryWatch), CPU time (the
    session's own adds up) nor processes (they count the user's)."""
    if sys.platform == "win32":
        return []  # Job Objects' to do there
    try:
        import resource
    except ImportError:
        return []  # a Python without it
    return [(which, value) for which, value in child_limits(request) if which == resource.RLIMIT_FSIZE]


def apply_limits(limits: Limits) -> None:
    """In the child: its limits (child_limits); in a session that runs candidates in place, the session's."""
    if not limits:
        return
    if sys.platform == "win32":
        raise NotImplementedError("forked children only: Windows has no fork")
    import resource

    for which, value in limits:
        resource.setrlimit(which, value)


def own_process_count() -> int:
    if sys.platform == "win32":
        raise NotImplementedError("forked children only: Windows has no fork")
    uid = os.getuid()
    count = 0
    for entry in os.listdir("/proc"):
        try:
            if entry.isdigit() and os.stat(f"/proc/{entry}").st_uid == uid:
                count += 1
        except OSError:
            pass
    return count


def children_of_self() -> List[int]:
    """This process's children, live or not yet reaped."""
    pids: List[int] = []
    try:
        for task in os.listdir("/proc/self/task"):
            with open(f"/proc/self/task/{task}/children") as handle:
                pids += [int(p) for p in handle.read().split()]
        return pids
    except FileNotFoundError:
        return children_by_scan()
    except OSError:
        return []


def children_by_scan() -> List[int]:
    """For kernels without /proc/<pid>/task/<tid>/children: every process's parent, read."""
    me = os.getpid()
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                # The command name, in parentheses, may contain spaces: fields follow the last ")".
                if int(handle.read().rsplit(")", 1)[1].split()[1]) == me:
                    pids.append(int(entry))
        except (OSError, IndexError, ValueError):
            pass
    return pids


def kill_descendants() -> None:
    """Kills and reaps every process left below the worker. The worker is a child subreaper,
    so a candidate's processes that outlive their parent (daemons, a fork bomb's orphans, a
    new session) become its children; killing the children again until none is left takes
    the whole tree, whatever process groups or sessions it made."""
    if sys.platform == "win32":
        raise NotImplementedError("forked children only: Windows has no fork")
    deadline = time.monotonic() + 10.0
    while time.monotonic() < deadline:
        if not reap():
            return  # no child at all, without reading /proc (which every candidate would pay)
        children = children_of_self()
        if not children:
            return
        for pid in children:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.001)


def reap() -> bool:
    """Collects every child that has exited, without waiting for others; False when no child
    is left."""
    if sys.platform == "win32":
        raise NotImplementedError("forked children only: Windows has no fork")
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return False
        if pid == 0:
            return True


def kill_group(pid: int) -> None:
    if sys.platform == "win32":
        raise NotImplementedError("forked children only: Windows has no fork")
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass


def describe_exit(wait_status: int) -> str:
    if sys.platform == "win32":
        raise NotImplementedError("forked children only: Windows has no fork")
    if os.WIFSIGNALED(wait_status):
        return f"test process killed by signal {os.WTERMSIG(wait_status)}"
    if os.WEXITSTATUS(wait_status) == MEMORY_EXIT_STATUS:
        return OVER_ALLOWANCE
    return f"test process exited with status {os.WEXITSTATUS(wait_status)} without a report"
