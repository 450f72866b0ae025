def best_window(values, k):
    """(start, total) of the k-long run of values with the largest total; earliest on ties."""
    if k <= 0 or k > len(values):
        raise ValueError("window size out of range")
    window = sum(values[:k])
    best, best_start = window, 0
    for end in range(k, len(values)):
        window += values[end] - values[end - k]
        if window > best:
            best_start = end - k + 1
    return best_start, best
