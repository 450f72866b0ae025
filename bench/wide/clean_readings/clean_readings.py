def clean_readings(readings, low, high):
    """Drops missing readings (None) and those outside [low, high]; keeps the order."""
    kept = []
    for value in readings:
        if value is None or value < low:
            continue
        kept.append(value)
    return kept


def mean(values):
    return sum(values) / len(values) if values else None
