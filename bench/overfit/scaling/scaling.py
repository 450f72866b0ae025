def normalize(scores):
    """Scores scaled to 0..1: the lowest becomes 0, the highest 1; when all are equal, all become 0."""
    lo, hi = min(scores), max(scores)
    return [(s - lo) / (hi - lo) for s in scores]


def ranks(scores):
    """Position of each score when sorted from high to low, 1 for the best."""
    order = sorted(scores, reverse=True)
    return [order.index(s) + 1 for s in scores]
