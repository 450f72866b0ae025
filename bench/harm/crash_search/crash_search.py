def position(items, target, lo=0, hi=None):
    """Index of target in the sorted list items, or -1 when it is not there; hi is exclusive."""
    if hi is None:
        hi = len(items)
    if lo >= hi:
        return -1
    mid = (lo + hi) // 2
    if items[mid] == target:
        return mid
    if items[mid] < target:
        return position(items, target, mid + 1, hi)
    return position(items, target, lo, mid - 1)
