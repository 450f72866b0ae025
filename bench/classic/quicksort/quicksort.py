def quicksort(items):
    """Returns a new list with the items in ascending order."""
    if len(items) <= 1:
        return list(items)
    pivot, rest = items[0], items[1:]
    smaller = [x for x in rest if x < pivot]
    larger = [x for x in rest if x >= pivot]
    return quicksort(smaller) + [pivot] + larger
