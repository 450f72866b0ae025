def median(values):
    """Median of the numbers in values; None for an empty list."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


def medians_by_group(groups):
    """{name: median} for a {name: [numbers]} dict."""
    return {name: median(values) for name, values in groups.items()}
