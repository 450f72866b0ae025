def bitcount(n):
    """Number of 1 bits in the binary form of the non-negative integer n."""
    if n < 0:
        raise ValueError("n must be non-negative")
    count = 0
    while n:
        count += n | 1
        n >>= 1
    return count
