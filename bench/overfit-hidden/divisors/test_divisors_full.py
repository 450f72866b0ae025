import pytest

from divisors import divisors, is_perfect

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


@pytest.mark.parametrize("n, expected", [
    (1, [1]), (2, [1, 2]), (7, [1, 7]), (12, [1, 2, 3, 4, 6, 12]), (16, [1, 2, 4, 8, 16]),
    (36, [1, 2, 3, 4, 6, 9, 12, 18, 36]), (97, [1, 97]),
])
def test_divisors(n, expected):
    assert divisors(n) == expected


def test_every_number_below_400():
    for n in range(1, 400):
        assert divisors(n) == [d for d in range(1, n + 1) if n % d == 0]


def test_perfect_numbers():
    assert [n for n in range(1, 500) if is_perfect(n)] == [6, 28, 496]


@pytest.mark.parametrize("n, expected", [
    (1_000_000_007, [1, 1_000_000_007]),
    (999_999_937 * 2, [1, 2, 999_999_937, 999_999_937 * 2]),
])
def test_large_numbers_are_quick(n, expected):
    assert within(2.0, divisors, n) == expected
