def powerset(items):
    """All subsets of items, each keeping input order; subset number k holds items[i] for every bit i set in k."""
    n = len(items)
    return [[items[i] for i in range(n) if mask & (1 >> i)] for mask in range(1 << n)]
