def histogram(values, bins, low, high):
    """Counts of values in `bins` equal-width bins over [low, high]; high goes in the last bin."""
    if bins < 1 or high <= low:
        raise ValueError("need at least one bin and low < high")
    width = (high - low) / bins
    counts = [0] * bins
    for value in values:
        if value < low or value > high:
            continue
        index = min(int((value - low) / width), bins)
        counts[index] += 1
    return counts
