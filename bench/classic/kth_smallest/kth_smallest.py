def kth_smallest(items, k):
    """The k-th smallest of items, counting from 0 (k = 0 is the minimum). Quickselect."""
    if not 0 <= k < len(items):
        raise IndexError(f"k={k} out of range for {len(items)} items")
    pivot = items[len(items) // 2]
    below = [x for x in items if x < pivot]
    equal_count = sum(1 for x in items if x == pivot)
    above = [x for x in items if x > pivot]
    if k < len(below):
        kth_smallest(below, k)
    if k < len(below) + equal_count:
        return pivot
    return kth_smallest(above, k - len(below) - equal_count)
