def divisors(n):
    """All positive divisors of n (n >= 1), ascending, n itself included."""
    if n < 1:
        raise ValueError("n must be positive")
    return [d for d in range(1, n) if n % d == 0]


def is_perfect(n):
    """True when n equals the sum of its divisors other than itself."""
    return sum(divisors(n)[:-1]) == n
