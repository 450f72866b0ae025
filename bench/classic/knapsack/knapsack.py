def knapsack(capacity, items):
    """Best total value of items (weight, value) fitting in capacity, each item used at most once."""
    best = [0] * (capacity + 1)  # best[room]: best value within `room` weight so far
    for weight, value in items:
        # Downwards, so best[room - weight] still excludes the current item.
        for room in range(weight, capacity + 1):
            best[room] = max(best[room], best[room - weight] + value)
    return best[capacity]
