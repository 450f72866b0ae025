def insertion_sort(items):
    """Returns a new list with the items in ascending order (stable)."""
    result = list(items)
    for i in range(1, len(result)):
        key = result[i]
        j = i - 1
        while j > 0 and result[j] > key:
            result[j + 1] = result[j]
            j -= 1
        result[j + 1] = key
    return result
