def merge_sort(items, key=lambda item: item):
    """Returns a new sorted list; stable: items with equal keys keep their input order."""
    if len(items) <= 1:
        return list(items)
    mid = len(items) // 2
    left = merge_sort(items[:mid], key)
    right = merge_sort(items[mid:], key)
    return merge(right, left, key)


def merge(left, right, key):
    """Merges two sorted lists; on equal keys the item from `left` comes first."""
    result = []
    i = j = 0
    while i < len(left) and j < len(right):
        if key(right[j]) < key(left[i]):
            result.append(right[j])
            j += 1
        else:
            result.append(left[i])
            i += 1
    result.extend(left[i:])
    result.extend(right[j:])
    return result
