def histogram(values, width):
    """How many values fall in each bucket [k * width, (k + 1) * width), keyed by the bucket's start."""
    counts = {}
    for v in values:
        start = int(v / width) * width
        counts[start] = counts.get(start, 0) + 1
    return counts
