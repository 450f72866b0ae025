def percent_change(old, new):
    """Change from old to new in percent, one decimal; None when old is zero."""
    return round((new - old) / old * 100, 1)


def trend(values):
    """Percent changes between consecutive values."""
    return [percent_change(a, b) for a, b in zip(values, values[1:])]
