"""A process's resident memory, and a thread that acts once it passes an allowance.

Where a limit on the address space binds (Linux: limits.child_limits), a forked child's
allocations fail past it. Elsewhere it is not enforced (macOS), and a session that runs
candidates in place cannot take one for good (it would stall short of memory while pytest
reports the failure): a thread watches the resident memory instead, in the session
(inplace.py) or in a forked child (server.py), and stops the candidate or ends the child.
"""

from __future__ import annotations

import gc
import os
import sys
import threading
import time
from typing import Callable, Optional

# What a candidate stopped for its memory says.
OVER_ALLOWANCE = "MemoryError: the candidate's tests went over the memory allowance"
# How often the resident memory is looked at while a candidate runs.
MEMORY_EVERY_S = 0.05
# A forked child ended by its watch exits with this status (limits.describe_exit names it).
MEMORY_EXIT_STATUS = 86


def resident_bytes() -> Optional[int]:
    """This process's resident memory now: /proc on Linux, proc_pid_rusage on macOS (the peak
    getrusage keeps where that call fails), the working set on Windows; None where unknown."""
    try:
        if sys.platform == "win32":
            return _windows_working_set()
        if sys.platform == "darwin":
            return _darwin_resident()
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, AttributeError, ImportError):
        return None


def _windows_working_set() -> Optional[int]:
    if sys.platform != "win32":
        raise NotImplementedError("Windows only")
    import ctypes
    from ctypes import wintypes

    class Counters(ctypes.Structure):
        _fields_ = [("cb", wintypes.DWORD), ("PageFaultCount", wintypes.DWORD)] + [
            (name, ctypes.c_size_t)
            for name in (
                "PeakWorkingSetSize",
                "WorkingSetSize",
                "QuotaPeakPagedPoolUsage",
                "QuotaPagedPoolUsage",
                "QuotaPeakNonPagedPoolUsage",
                "QuotaNonPagedPoolUsage",
                "PagefileUsage",
                "PeakPagefileUsage",
            )
        ]

    counters = Counters()
    counters.cb = ctypes.sizeof(counters)
    process = ctypes.windll.kernel32.GetCurrentProcess()
    if not ctypes.windll.psapi.GetProcessMemoryInfo(process, ctypes.byref(counters), counters.cb):
        return None
    return int(counters.WorkingSetSize)


def _darwin_resident() -> int:
    """The resident size libproc reports (struct rusage_info_v0); the peak where it cannot."""
    if sys.platform != "darwin":
        raise NotImplementedError("macOS only")
    import ctypes

    class RusageInfoV0(ctypes.Structure):
        _fields_ = [("ri_uuid", ctypes.c_uint8 * 16)] + [
            (name, ctypes.c_uint64)
            for name in (
                "ri_user_time",
                "ri_system_time",
                "ri_pkg_idle_wkups",
                "ri_interrupt_wkups",
                "ri_pageins",
                "ri_wired_size",
                "ri_resident_size",
                "ri_phys_footprint",
                "ri_proc_start_abstime",
                "ri_proc_exit_abstime",
            )
        ]

    info = RusageInfoV0()
    try:
        if ctypes.CDLL("/usr/lib/libSystem.B.dylib").proc_pid_rusage(os.getpid(), 0, ctypes.byref(info)) == 0:
            return int(info.ri_resident_size)
    except (OSError, AttributeError):
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # bytes there


class MemoryWatch(threading.Thread):
    """Calls ``exceeded`` once the process's resident memory passes the allowance given to
    ``watch`` (on top of what it held then), until the next ``watch`` or ``stop``."""

    def __init__(self, exceeded: Callable[[], None]) -> None:
        super().__init__(name="deepdebug-memory", daemon=True)
        self.exceeded = exceeded
        self.limit: Optional[int] = None
        self.before: Optional[int] = None

    def watch(self, allowance_mb: float) -> None:
        now = resident_bytes()
        self.before = now
        self.limit = None if now is None or allowance_mb <= 0 else now + int(allowance_mb * 1024 * 1024)

    def stop(self) -> None:
        self.limit = None

    def kept_back(self, allowance_mb: float) -> bool:
        """Whether the process, its candidate stopped, still holds over half its allowance more than before it."""
        gc.collect()
        now = resident_bytes()
        return self.before is None or now is None or now > self.before + int(allowance_mb * 1024 * 1024) // 2

    def run(self) -> None:
        while True:
            time.sleep(MEMORY_EVERY_S)
            limit = self.limit
            if limit is not None and (resident_bytes() or 0) > limit:
                self.limit = None
                self.exceeded()


def end_past_allowance(allowance_mb: float) -> None:
    """In a forked child where no limit on the address space binds: ends the child, as its
    parent's reply will say (MEMORY_EXIT_STATUS), once its resident memory passes the allowance.
    Its tests' own processes are its parent's to end (a group kill, or the subreaper)."""
    watch = MemoryWatch(lambda: os._exit(MEMORY_EXIT_STATUS))
    watch.start()
    watch.watch(allowance_mb)
