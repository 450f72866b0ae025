def bubble_sort(items):
    """Returns a new list with the items in ascending order."""
    result = list(items)
    n = len(result)
    for i in range(n - 1):
        swapped = False
        for j in range(n - 1 - i):
            if result[j] > result[j + 1]:
                result[j], result[j + 1] = result[j + 1], result[j]
                swapped = True
        # A pass without swaps means the list is already sorted.
        if swapped:
            break
    return result
