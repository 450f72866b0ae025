"""An alarm that raises an exception in the thread that armed it, after a number of seconds.

SIGALRM where the platform has it and the main thread arms it: it also interrupts a call blocked
in C (a sleep, a read). Elsewhere (Windows; a thread other than the main one) a watchdog thread
raises it asynchronously (PyThreadState_SetAsyncExc), which the thread sees at its next
bytecode: a call blocked in C is not interrupted, and the faulthandler backstop ends those.
"""

from __future__ import annotations

import ctypes
import signal
import sys
import threading
import time
from types import FrameType
from typing import Any, Callable, Optional, Type


class _Watchdog(threading.Thread):
    """One daemon thread per alarm, started before the tests (so no tracer of theirs follows it),
    that raises the alarm's exception in the armed thread at the deadline. Arming and disarming
    only set the deadline: no thread is started or joined per test."""

    def __init__(self, fire: Callable[[int], None]) -> None:
        super().__init__(name="deepdebug-alarm", daemon=True)
        self._fire = fire
        self._changed = threading.Condition()
        self._deadline: Optional[float] = None
        self._thread = 0
        self._every: Optional[float] = None
        self._stopped = False

    def set(self, deadline: Optional[float], thread: int = 0, every: Optional[float] = None) -> None:
        with self._changed:
            self._deadline, self._thread, self._every = deadline, thread, every
            self._changed.notify()

    def stop(self) -> None:
        with self._changed:
            self._stopped = True
            self._changed.notify()

    def run(self) -> None:
        with self._changed:
            while not self._stopped:
                if self._deadline is None:
                    self._changed.wait()
                    continue
                remaining = self._deadline - time.monotonic()
                if remaining > 0:
                    self._changed.wait(remaining)
                    continue
                self._deadline = None if self._every is None else time.monotonic() + self._every
                self._fire(self._thread)


class Alarm:
    """Raises ``error(message())`` in the thread that installed it once armed for long enough
    (again every ``every`` seconds where asked, until disarmed).

    ``install`` before arming and ``uninstall`` after, in the thread it raises in; another thread
    may arm it (a cancel).
    """

    def __init__(self, error: Type[BaseException], message: Callable[[], str]) -> None:
        self._error = error
        self._message = message
        self._watchdog: Optional[_Watchdog] = None
        self._previous: Any = None
        self._thread = 0
        self._signals = (
            sys.platform != "win32"
            and hasattr(signal, "setitimer")
            and hasattr(signal, "SIGALRM")
            and threading.current_thread() is threading.main_thread()
        )

    def install(self) -> None:
        self._thread = threading.get_ident()
        if sys.platform != "win32" and self._signals:
            self._previous = signal.signal(signal.SIGALRM, self._on_signal)
        elif self._watchdog is None:
            self._watchdog = _Watchdog(self._raise_in)
            self._watchdog.start()

    def uninstall(self) -> None:
        self.disarm()
        if sys.platform != "win32" and self._signals:
            signal.signal(signal.SIGALRM, self._previous or signal.SIG_DFL)
        elif self._watchdog is not None:
            self._watchdog.stop()
            self._watchdog = None

    def arm(self, seconds: float, every: Optional[float] = None) -> None:
        seconds = max(seconds, 0.001)
        if sys.platform != "win32" and self._signals:
            signal.setitimer(signal.ITIMER_REAL, seconds, every or 0.0)
        elif self._watchdog is not None:
            self._watchdog.set(time.monotonic() + seconds, self._thread, every)

    def disarm(self) -> None:
        if sys.platform != "win32" and self._signals:
            signal.setitimer(signal.ITIMER_REAL, 0)
        elif self._watchdog is not None:
            # Not taken back once fired: as a late SIGALRM would, it ends what runs now. (Clearing
            # a pending one, SetAsyncExc with NULL, leaves CPython 3.11's eval breaker set.)
            self._watchdog.set(None)

    def _on_signal(self, signum: int, frame: Optional[FrameType]) -> None:
        __tracebackhide__ = True  # keeps this frame out of pytest's long traceback
        raise self._error(self._message())

    def _raise_in(self, thread: int) -> None:
        # An asynchronous exception is raised by its class, without arguments: a subclass carries the message.
        text = self._message()
        base = self._error

        def init(exception: BaseException) -> None:
            base.__init__(exception, text)

        error = type(base.__name__, (base,), {"__init__": init, "__module__": base.__module__, "__qualname__": base.__qualname__})
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), ctypes.py_object(error))
