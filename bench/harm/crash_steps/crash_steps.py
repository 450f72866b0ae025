def average_step(values):
    """Average change from one value to the next: (last - first) / number of steps; 0.0 for fewer than two values."""
    if len(values) < 2:
        return 0.0
    return (values[-2] - values[0]) / (len(values) - 1)
