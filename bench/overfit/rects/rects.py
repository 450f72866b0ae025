def intersect(a, b):
    """The overlap of rectangles a and b, each (x, y, width, height), or None when they do not overlap."""
    x1, y1 = max(a[0], b[0]), max(a[1], b[1])
    x2 = min(a[0] + a[2], b[0] + b[2])
    y2 = min(a[1] + a[3], b[1] + b[3])
    width, height = x2 - x1, y2 - y1
    if min(width, height) < 0:
        return None
    return (x1, y1, width, height)
