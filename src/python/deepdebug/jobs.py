"""Windows: a session and every process its candidates start, in one Job Object.

Windows has no process groups, no subreaper and no RLIMIT_NPROC. A session that runs
candidates in place (inplace.py) puts itself in a job of its own: the processes a candidate's
tests start join it, at most the request's allowance of them at once; after each candidate
every process of the job but the session is ended (what the fork server's group kill and
subreaper do for a forked child); and when the session ends, however it ends, the job's last
handle closes and what is left of it ends too.
"""

from __future__ import annotations

import os
import sys
import time
from typing import List, Optional

JOB_OBJECT_LIMIT_ACTIVE_PROCESS = 0x00000008
JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE = 0x00002000
JOB_OBJECT_BASIC_PROCESS_ID_LIST = 3
JOB_OBJECT_EXTENDED_LIMIT_INFORMATION = 9
PROCESS_TERMINATE = 0x0001
ERROR_MORE_DATA = 234
# Process ids read from the job at once; more are read on the next pass.
ID_BATCH = 256
# How long ending a candidate's processes may take (one may start another meanwhile).
END_WITHIN_S = 10.0


if sys.platform == "win32":
    import ctypes
    from ctypes import wintypes

    class IoCounters(ctypes.Structure):
        _fields_ = [
            (name, ctypes.c_ulonglong)
            for name in (
                "ReadOperationCount",
                "WriteOperationCount",
                "OtherOperationCount",
                "ReadTransferCount",
                "WriteTransferCount",
                "OtherTransferCount",
            )
        ]

    class BasicLimits(ctypes.Structure):
        _fields_ = [
            ("PerProcessUserTimeLimit", wintypes.LARGE_INTEGER),
            ("PerJobUserTimeLimit", wintypes.LARGE_INTEGER),
            ("LimitFlags", wintypes.DWORD),
            ("MinimumWorkingSetSize", ctypes.c_size_t),
            ("MaximumWorkingSetSize", ctypes.c_size_t),
            ("ActiveProcessLimit", wintypes.DWORD),
            ("Affinity", ctypes.c_size_t),
            ("PriorityClass", wintypes.DWORD),
            ("SchedulingClass", wintypes.DWORD),
        ]

    class ExtendedLimits(ctypes.Structure):
        """JOBOBJECT_EXTENDED_LIMIT_INFORMATION, as winnt.h lays it out."""

        _fields_ = [
            ("BasicLimitInformation", BasicLimits),
            ("IoInfo", IoCounters),
            ("ProcessMemoryLimit", ctypes.c_size_t),
            ("JobMemoryLimit", ctypes.c_size_t),
            ("PeakProcessMemoryUsed", ctypes.c_size_t),
            ("PeakJobMemoryUsed", ctypes.c_size_t),
        ]

    class ProcessIds(ctypes.Structure):
        """JOBOBJECT_BASIC_PROCESS_ID_LIST with room for ID_BATCH ids."""

        _fields_ = [
            ("NumberOfAssignedProcesses", wintypes.DWORD),
            ("NumberOfProcessIdsInList", wintypes.DWORD),
            ("ProcessIdList", ctypes.c_size_t * ID_BATCH),
        ]


class JobError(OSError):
    """The job could not be made or joined (an older Windows whose session is in a job already)."""


class SessionJob:
    """The session's job: made and joined on construction (Windows only)."""

    def __init__(self, processes: Optional[int]) -> None:
        if sys.platform == "win32":
            kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
            self._kernel32 = kernel32
            kernel32.CreateJobObjectW.restype = wintypes.HANDLE
            kernel32.OpenProcess.restype = wintypes.HANDLE
            kernel32.GetCurrentProcess.restype = wintypes.HANDLE
            self.handle = kernel32.CreateJobObjectW(None, None)
            if not self.handle:
                raise JobError(ctypes.get_last_error(), "CreateJobObject failed")
            info = ExtendedLimits()
            info.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
            if processes:
                # The session counts among the job's processes: the allowance goes on top.
                info.BasicLimitInformation.LimitFlags |= JOB_OBJECT_LIMIT_ACTIVE_PROCESS
                info.BasicLimitInformation.ActiveProcessLimit = 1 + int(processes)
            if not kernel32.SetInformationJobObject(
                wintypes.HANDLE(self.handle), JOB_OBJECT_EXTENDED_LIMIT_INFORMATION, ctypes.byref(info), ctypes.sizeof(info)
            ):
                raise JobError(ctypes.get_last_error(), "SetInformationJobObject failed")
            if not kernel32.AssignProcessToJobObject(wintypes.HANDLE(self.handle), wintypes.HANDLE(kernel32.GetCurrentProcess())):
                raise JobError(ctypes.get_last_error(), "AssignProcessToJobObject failed")
        else:
            raise NotImplementedError("Windows only: elsewhere the fork server's group kill and subreaper do this")

    def others(self) -> List[int]:
        """The ids of the job's processes other than the session (up to ID_BATCH of them)."""
        if sys.platform == "win32":
            ids = ProcessIds()
            if not self._kernel32.QueryInformationJobObject(
                wintypes.HANDLE(self.handle), JOB_OBJECT_BASIC_PROCESS_ID_LIST, ctypes.byref(ids), ctypes.sizeof(ids), None
            ):
                if ctypes.get_last_error() != ERROR_MORE_DATA:  # more than a batch: this batch is filled in
                    return []
            me = os.getpid()
            return [int(pid) for pid in ids.ProcessIdList[: ids.NumberOfProcessIdsInList] if int(pid) != me]
        else:
            raise NotImplementedError("Windows only")

    def end_others(self) -> None:
        """Ends every process of the job but the session: what a candidate's tests started."""
        if sys.platform == "win32":
            deadline = time.monotonic() + END_WITHIN_S
            while time.monotonic() < deadline:
                others = self.others()
                if not others:
                    return
                for pid in others:
                    process = self._kernel32.OpenProcess(PROCESS_TERMINATE, False, pid)
                    if process:
                        self._kernel32.TerminateProcess(wintypes.HANDLE(process), 1)
                        self._kernel32.CloseHandle(wintypes.HANDLE(process))
                time.sleep(0.001)
        else:
            raise NotImplementedError("Windows only")
