def last_index(items, target):
    """Index of the last occurrence of target in items, or -1."""
    for i in range(len(items), 0, -1):
        if items[i] == target:
            return i
    return -1


def remove_last(items, target):
    """A copy of items without the last occurrence of target."""
    i = last_index(items, target)
    return list(items) if i < 0 else items[:i] + items[i + 1:]
