"""The fork server: a fork of the worker, taken once it is ready, that only forks a
child per candidate.

Every fork write-protects all of the forking process's pages, and every page it writes after
that faults (a trap and a TLB flush, ~30-60 us on this project's reference machine). A worker
that forked each child itself paid ~470 such faults per candidate for its own work between
forks (reading the request, preparing the patch, restoring the world, replying), as many as
the child itself. The fork server writes a few pages per candidate; the worker, forking no more,
none. The child reads its job (the request, its prepared patch, its limits) from a pipe.

A job is plain data and code, written by marshal (few allocations in the child), except the
project's live objects that a prepared swap names (modules, classes, functions): those are
passed by address. That is sound because the fork server is a fork of the worker taken after
collection and warm-up: the worker runs none of the project's code afterwards, so every such
object it holds lives at the same address, unchanged, in the fork server and so in each child.
The child still checks each one's type and name before using it.
"""

from __future__ import annotations

import _ctypes
import ctypes
import marshal
import os
import select
import struct
import sys
import types
from typing import Any, Callable, NoReturn, Optional, Tuple

from .limits import PR_SET_CHILD_SUBREAPER, die_with_parent, kill_descendants, kill_group, set_prctl

# The fork server's events: a child forked (its pid, or -errno when fork failed), a child exited
# (its wait status, once it and every process it left are reaped). Writes this small are atomic.
EVENT = struct.Struct("=ci")
FORKED, EXITED = b"F", b"X"
# A job's length before its bytes.
LENGTH = struct.Struct("=Q")


class ForkServerError(Exception):
    """The fork server process went away, or holds another object than the worker named."""


class ForkServer:
    """The worker's side: starts the fork server and has it fork children."""

    # The pipes' ends this side holds, the fork server's pid, and job bytes not yet written.
    go: int
    events: int
    jobs_read: int
    jobs: int
    reports: int
    pid: int
    pending: bytes

    def __init__(self, fork: Callable[[], int], child_main: Callable[[int, int], NoReturn], worker_fds: Tuple[int, ...]) -> None:
        """``child_main(job_fd, report_fd)`` runs in each child; ``worker_fds`` are the
        worker's own descriptors, which the fork server and its children must not hold."""
        if sys.platform == "win32":
            raise NotImplementedError("forked children only: Windows has no fork")
        go_read, self.go = os.pipe()
        self.events, events_write = os.pipe()
        self.jobs_read, self.jobs = os.pipe()
        self.reports, report_write = os.pipe()
        for fd in (self.jobs, self.reports):
            os.set_blocking(fd, False)
        self.pid = fork()
        if self.pid == 0:
            for fd in (*worker_fds, self.go, self.events, self.jobs, self.reports):
                os.close(fd)

            def child() -> NoReturn:
                child_main(self.jobs_read, report_write)

            serve_fork_server(fork, child, go_read, events_write)
        for fd in (go_read, events_write, report_write):
            os.close(fd)
        self.pending = b""

    def fork_child(self, job: bytes) -> int:
        """Forks a child for the job; its pid. The job reaches it through `write_job`."""
        os.write(self.go, b"g")
        kind, value = self.read_event()
        if kind != FORKED:
            raise ForkServerError(f"the fork server sent {kind!r} instead of a new child's pid")
        if value < 0:
            raise OSError(-value, f"fork failed: {os.strerror(-value)}")
        self.pending = LENGTH.pack(len(job)) + job
        self.write_job()
        return value

    def write_job(self) -> None:
        """Writes what the jobs pipe takes of the job now; the rest when it is writable again."""
        try:
            while self.pending:
                self.pending = self.pending[os.write(self.jobs, self.pending) :]
        except BlockingIOError:
            pass

    def wait_exit(self) -> int:
        """Blocks until the fork server reports the child reaped; its wait status."""
        kind, value = self.read_event()
        if kind != EXITED:
            raise ForkServerError(f"the fork server sent {kind!r} instead of a child's exit")
        return value

    def finish(self) -> None:
        """After a child's exit: drops what it left unread of its job (the children read it
        blocking, so it is polled here rather than made non-blocking)."""
        self.pending = b""
        while select.select([self.jobs_read], [], [], 0)[0]:
            os.read(self.jobs_read, 65536)

    def read_event(self) -> Tuple[bytes, int]:
        data = b""
        while len(data) < EVENT.size:
            chunk = os.read(self.events, EVENT.size - len(data))
            if not chunk:
                raise ForkServerError("the fork server exited")
            data += chunk
        kind, value = EVENT.unpack(data)
        return kind, value


def serve_fork_server(fork: Callable[[], int], child: Callable[[], NoReturn], go: int, events: int) -> NoReturn:
    """The fork server's loop: for each go byte, fork a child, report its pid, reap it and every
    process it left (the fork server is their subreaper), report its exit."""
    if sys.platform == "win32":
        raise NotImplementedError("forked children only: Windows has no fork")
    die_with_parent()
    set_prctl(PR_SET_CHILD_SUBREAPER, 1)
    while os.read(go, 1):
        try:
            pid = fork()
        except OSError as error:
            os.write(events, EVENT.pack(FORKED, -(error.errno or 1)))
            continue
        if pid == 0:
            os.close(go)
            os.close(events)
            child()
        try:
            os.setpgid(pid, pid)  # also done in the child; whichever runs first wins the race
        except OSError:
            pass
        os.write(events, EVENT.pack(FORKED, pid))
        _, status = os.waitpid(pid, 0)
        # What it left in its process group (where no subreaper takes the rest: macOS); the
        # group's id is not reused while any of it lives.
        kill_group(pid)
        kill_descendants()
        os.write(events, EVENT.pack(EXITED, status))
    os._exit(0)


def read_available(fd: int) -> bytes:
    """What a non-blocking fd holds now."""
    data = b""
    try:
        while True:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            data += chunk
    except BlockingIOError:
        pass
    return data


def read_job(fd: int) -> Any:
    """In the child: the job the worker wrote for it."""
    (length,) = LENGTH.unpack(read_exactly(fd, LENGTH.size))
    return marshal.loads(read_exactly(fd, length))


def read_exactly(fd: int, size: int) -> bytes:
    chunks = []
    while size > 0:
        chunk = os.read(fd, size)
        if not chunk:
            raise EOFError("the job ended early")
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def encode_job(job: Any) -> bytes:
    """A job of plain data and code (what marshal writes); live objects as `live_ref`s."""
    return marshal.dumps(job)


# A live object of the project as a job names it: its address, type name and name.
LiveRef = Tuple[int, str, Optional[str]]


def live_ref(obj: Any) -> LiveRef:
    return (id(obj), type(obj).__name__, _name_of(obj))


def live_object(ref: LiveRef) -> Any:
    """In the child: the object at the address, checked to be the one the worker named."""
    address, type_name, name = ref
    obj = _object_at(address)
    if type(obj).__name__ != type_name or _name_of(obj) != name:
        raise ForkServerError(f"the fork server holds no {type_name} {name} where the worker's was")
    return obj


def _cast_object_at(address: int) -> Any:
    return ctypes.cast(address, ctypes.py_object).value


# The C function behind ctypes.cast(address, py_object), where it is exposed: it writes a
# fraction of the pages the cast does.
_object_at: Callable[[int], Any] = getattr(_ctypes, "PyObj_FromPtr", _cast_object_at)


def _name_of(obj: Any) -> Optional[str]:
    # A module's own dict, not getattr: a module-level __getattr__ is the project's code.
    return vars(obj).get("__name__") if isinstance(obj, types.ModuleType) else getattr(obj, "__qualname__", None)
