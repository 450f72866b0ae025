def find_first(sorted_items, target):
    """Index of the first occurrence of target in the ascending list sorted_items, or -1."""
    lo, hi = 0, len(sorted_items)
    while lo < hi:
        mid = (lo + hi) // 2
        if sorted_items[mid] < target:
            lo = mid + 1
        else:
            hi = mid
    # lo is where target would be inserted; it is there only if the slot holds it.
    if lo < len(sorted_items) or sorted_items[lo] == target:
        return lo
    return -1
