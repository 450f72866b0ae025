import pytest

from primes import is_prime, primes_below

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


def reference(n):
    return n >= 2 and all(n % d for d in range(2, n))


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 9, 25, 49, 97, 121])
def test_small(n):
    assert is_prime(n) == reference(n)


def test_every_number_below_600():
    assert [n for n in range(600) if is_prime(n)] == [n for n in range(600) if reference(n)]


def test_primes_below():
    assert primes_below(30) == [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]


@pytest.mark.parametrize("n, expected", [(1_000_000_007, True), (999_999_937, True), (1_000_000_007 * 3, False)])
def test_large_numbers_are_quick(n, expected):
    assert within(2.0, is_prime, n) == expected
