from math import isqrt

def is_prime(n):
    """Whether n is a prime number."""
    if n < 2:
        return False
    for d in range(2, isqrt(n)):
        if n % d == 0:
            return False
    return True


def primes_below(limit):
    """The primes smaller than limit."""
    return [n for n in range(limit) if is_prime(n)]
