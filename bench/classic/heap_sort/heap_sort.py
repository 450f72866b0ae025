def heap_sort(items):
    """Returns a new list with the items in ascending order (in-place max-heap on a copy)."""
    a = list(items)
    n = len(a)
    for start in range(n // 2 - 1, -1, -1):
        sift_down(a, start, n)
    for end in range(n - 1, 0, -1):
        a[0], a[end] = a[end], a[0]
        sift_down(a, 0, end)
    return a


def sift_down(a, root, size):
    """Moves a[root] down until a[:size] below it is a max-heap again."""
    while True:
        largest = root
        left, right = 2 * root + 1, 2 * root + 2
        if left < size and a[left] > a[largest]:
            largest = left
        if right < size and a[right] > a[left]:
            largest = right
        if largest == root:
            return
        a[root], a[largest] = a[largest], a[root]
        root = largest
