from math import isqrt

def divisors(n):
    """All positive divisors of n (n >= 1), smallest first."""
    found = set()
    for d in range(1, isqrt(n) + 1):
        if n % d == 0:
            found.add(d)
    return sorted(found)


def is_perfect(n):
    """Whether n is the sum of its divisors below itself."""
    return sum(divisors(n)) - n == n
