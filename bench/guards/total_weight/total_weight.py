def total_weight(items):
    """Total weight in kg of a list of {'name', 'weight'} dicts; items whose weight is None
    (not weighed yet) are skipped."""
    total = 0
    for item in items:
        total += item["weight"]
    return total


def heavy(items, limit):
    """Whether the weighed items together exceed limit kg."""
    return total_weight(items) > limit
