def close(a, b, tol):
    """Whether two heights are equal within tol."""
    return abs(a - b) <= tol

def is_symmetric(profile, tol=0.01):
    """Whether a height profile reads the same from both ends, within tol."""
    n = len(profile)
    for i in range(n // 2 - 1):
        if not close(profile[i], profile[n - 1 - i], tol):
            return False
    return True
