def factorize(n):
    """The prime factors of n (n >= 1), smallest first, each as often as it divides n."""
    factors = []
    d = 2
    while d * d < n:
        while n % d == 0:
            factors.append(d)
            n //= d
        d += 1
    if n > 1:
        factors.append(n)
    return factors


def largest_factor(n):
    """The largest prime factor of n (n >= 2)."""
    return factorize(n)[-1]
