import math

import pytest

from factors import factorize, largest_factor

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


def is_prime(n):
    return n >= 2 and all(n % d for d in range(2, math.isqrt(n) + 1))


@pytest.mark.parametrize("n, expected", [
    (1, []), (2, [2]), (4, [2, 2]), (9, [3, 3]), (12, [2, 2, 3]), (49, [7, 7]),
    (97, [97]), (360, [2, 2, 2, 3, 3, 5]), (1001, [7, 11, 13]),
])
def test_factorize(n, expected):
    assert factorize(n) == expected


def test_every_number_below_500():
    for n in range(1, 500):
        factors = factorize(n)
        assert math.prod(factors) == n and factors == sorted(factors) and all(map(is_prime, factors))


def test_largest_factor():
    assert largest_factor(2 * 3 * 101) == 101


@pytest.mark.parametrize("n, expected", [
    (2 * 1_000_000_007, [2, 1_000_000_007]),
    (999_999_937, [999_999_937]),
])
def test_large_prime_factor_is_quick(n, expected):
    assert within(2.0, factorize, n) == expected
