def next_permutation(items):
    """The permutation of items that follows it in lexicographic order, or None if it is the last."""
    a = list(items)
    # The rightmost position whose item can still grow.
    i = len(a) - 2
    while i >= 0 and a[i] >= a[i + 1]:
        i -= 1
    if i < 0:
        return None
    # The rightmost item larger than a[i] takes its place.
    j = len(a) - 1
    while a[j] <= a[i]:
        j -= 1
    a[i], a[j] = a[j], a[i]
    # The tail is descending; reversed it is the smallest arrangement.
    return a
