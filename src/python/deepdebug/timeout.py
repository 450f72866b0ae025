"""The first run's per-test timeout: SIGALRM in the main thread, faulthandler as the backstop."""

from __future__ import annotations

import faulthandler
import signal
import threading
import time
from types import FrameType
from typing import IO, Any, Optional

# After a timeout, the later tests' limit: this many times the longest test that finished,
# and never under the floor (tests are seldom that regular).
SHORT_TIMEOUT_FACTOR = 5.0
SHORT_TIMEOUT_FLOOR_S = 2.0


class TestTimeout(BaseException):
    """Raised in the main thread when a test overruns the per-test timeout.

    A BaseException so that a test's own ``except Exception`` does not swallow it; pytest's
    runner catches BaseException and reports the test as failed, which we turn into 'timeout'.
    """


class PerTestTimeout:
    """SIGALRM raises TestTimeout in the main thread; faulthandler is the backstop.

    Code stuck where signals are not handled (a C loop) is ended by faulthandler, which dumps
    every thread's stack to the fault file and exits; the caller reads that as a timeout.
    """

    def __init__(self, seconds: float, fault_file: Optional[IO[str]]) -> None:
        self.seconds = seconds
        self._longest_finished = 0.0
        self._fault_file = fault_file
        self._deadline = 0.0
        self._previous: Any = None
        self._usable = seconds > 0 and hasattr(signal, "setitimer") and (threading.current_thread() is threading.main_thread())

    def install(self) -> None:
        if self._usable:
            self._previous = signal.signal(signal.SIGALRM, self._on_alarm)

    def uninstall(self) -> None:
        if self._usable:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self._previous or signal.SIG_DFL)

    def begin_test(self) -> None:
        if self.seconds <= 0:
            return
        self._deadline = time.monotonic() + self.seconds
        if self._fault_file is not None:
            # Setup+call and teardown each get the budget, plus a grace period.
            faulthandler.dump_traceback_later(2 * self.seconds + 2, exit=True, file=self._fault_file)

    def end_test(self) -> None:
        if self.seconds > 0 and self._fault_file is not None:
            faulthandler.cancel_dump_traceback_later()

    def finished(self, seconds: float, timed_out: bool) -> None:
        """A test ended: after a timeout the rest get a short limit, from the tests that finished."""
        if not timed_out:
            self._longest_finished = max(self._longest_finished, seconds)
        elif self.seconds > 0:
            short = max(SHORT_TIMEOUT_FLOOR_S, SHORT_TIMEOUT_FACTOR * self._longest_finished)
            self.seconds = min(self.seconds, short)

    def arm(self, fresh_budget: bool) -> None:
        if not self._usable:
            return
        remaining = self.seconds if fresh_budget else self._deadline - time.monotonic()
        signal.setitimer(signal.ITIMER_REAL, max(remaining, 0.001))

    def disarm(self) -> None:
        if self._usable:
            signal.setitimer(signal.ITIMER_REAL, 0)

    def _on_alarm(self, signum: int, frame: Optional[FrameType]) -> None:
        __tracebackhide__ = True  # keeps this frame out of pytest's long traceback
        raise TestTimeout("test exceeded the per-test timeout of %g s" % self.seconds)
