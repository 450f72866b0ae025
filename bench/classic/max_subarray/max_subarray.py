def max_subarray_sum(numbers):
    """Largest sum of a non-empty run of consecutive numbers (Kadane)."""
    if not numbers:
        raise ValueError("need at least one number")
    best = current = numbers[0]
    for x in numbers[1:]:
        # Either extend the run ending at the previous number or start afresh at x.
        current = max(x, current + x)
        best = max(best, x)
    return best
