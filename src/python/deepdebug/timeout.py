"""The first run's per-test timeout: an alarm in the test's thread (alarm.py), faulthandler as the backstop."""

from __future__ import annotations

import faulthandler
import time
from typing import IO, Optional

from .alarm import Alarm

# After a timeout, the later tests' limit: this many times the longest test that finished,
# and never under the floor (tests are seldom that regular).
SHORT_TIMEOUT_FACTOR = 5.0
SHORT_TIMEOUT_FLOOR_S = 2.0


class TestTimeout(BaseException):
    """Raised in the test's thread when a test overruns the per-test timeout.

    A BaseException so that a test's own ``except Exception`` does not swallow it; pytest's
    runner catches BaseException and reports the test as failed, which we turn into 'timeout'.
    """


class PerTestTimeout:
    """An alarm raises TestTimeout in the test's thread; faulthandler is the backstop.

    Code stuck where the alarm cannot reach it (a C loop; on Windows any blocking call) is ended
    by faulthandler, which dumps every thread's stack to the fault file and exits; the caller
    reads that as a timeout.
    """

    def __init__(self, seconds: float, fault_file: Optional[IO[str]]) -> None:
        self.seconds = seconds
        self._longest_finished = 0.0
        self._fault_file = fault_file
        self._deadline = 0.0
        self._alarm = Alarm(TestTimeout, lambda: "test exceeded the per-test timeout of %g s" % self.seconds)

    def install(self) -> None:
        if self.seconds > 0:
            self._alarm.install()

    def uninstall(self) -> None:
        if self.seconds > 0:
            self._alarm.uninstall()

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
        if self.seconds > 0:
            self._alarm.arm(self.seconds if fresh_budget else self._deadline - time.monotonic())

    def disarm(self) -> None:
        if self.seconds > 0:
            self._alarm.disarm()
