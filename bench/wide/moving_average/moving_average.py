def moving_average(values, k):
    """Mean of the window of k values ending at each index from k-1 on."""
    if k <= 0:
        raise ValueError("k must be positive")
    averages = []
    for i in range(k - 1, len(values)):
        window = values[i - k:i]
        averages.append(sum(window) / k)
    return averages
