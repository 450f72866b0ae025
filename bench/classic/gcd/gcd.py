def gcd(a, b):
    """Greatest common divisor of two integers, never negative; gcd(0, 0) == 0."""
    a, b = abs(a), abs(b)
    while b:
        a, b = b, b % a
    return a


def lcm(a, b):
    """Least common multiple of two integers, never negative; 0 if either is 0."""
    if a == 0 or b == 0:
        return 0
    return abs(a * b) // gcd(a, b)
