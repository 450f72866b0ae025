def rotate(xs, k):
    """The list xs turned k places to the right, for any k >= 0: rotate([1, 2, 3], 1) == [3, 1, 2]."""
    k %= len(xs) + 1
    cut = len(xs) - k
    return xs[cut:] + xs[:cut]
