def changes(readings):
    """(index, value) of every reading that differs from the one before it (the first always)."""
    result = []
    previous = None
    for index, value in enumerate(readings):
        if previous is None:
            result.append((index, value))
        previous = value
    return result


def change_count(readings):
    return max(len(changes(readings)) - 1, 0)
