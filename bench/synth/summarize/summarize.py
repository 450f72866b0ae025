def summarize(values):
    """(count, total, mean) of the numbers; the mean is None when there are none."""
    count = 0
    total = 0
    for value in values:
        count += value
        total += 1
    mean = total / count if count else None
    return count, total, mean


def report(values):
    count, total, mean = summarize(values)
    if mean is None:
        return "no data"
    return f"{count} values, total {total}, mean {mean:.1f}"
