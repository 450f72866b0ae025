import pytest

from permissions import ADMIN, EXECUTE, READ, WRITE, count_bits

import signal
import time


def within(seconds, fn, *args):
    """fn(*args), failing the test when it takes longer than seconds (SIGALRM stops a runaway loop)."""
    def expire(signum, frame):
        raise TimeoutError
    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    started = time.perf_counter()
    result, timed_out = None, False
    try:
        result = fn(*args)
    except TimeoutError:
        timed_out = True
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    elapsed = time.perf_counter() - started
    assert not timed_out and elapsed < seconds, f"took {elapsed:.1f} s, the limit is {seconds} s"
    return result


@pytest.mark.parametrize("flags, expected", [
    (0, 0), (READ, 1), (WRITE, 1), (ADMIN, 1), (READ | EXECUTE, 2),
    (READ | WRITE | EXECUTE | ADMIN, 4), (WRITE | ADMIN, 2),
])
def test_count(flags, expected):
    assert count_bits(flags) == expected


def test_every_mask_below_2048():
    for flags in range(2048):
        assert count_bits(flags) == bin(flags).count("1")


@pytest.mark.parametrize("flags, expected", [(2**40 - 1, 40), (2**60, 1), (2**48 + 2**47 + 5, 4)])
def test_wide_masks_are_quick(flags, expected):
    assert within(2.0, count_bits, flags) == expected
