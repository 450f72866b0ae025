def till_balanced(expected, counted, tolerance=0.05):
    """Whether the cash counted in the till matches the expected amount: the difference,
    whether the till is over or short, is at most `tolerance`."""
    difference = counted - expected
    return difference <= tolerance


def till_status(expected, counted, tolerance=0.05):
    """'ok' for a balanced till, else 'over' or 'short'."""
    if till_balanced(expected, counted, tolerance):
        return "ok"
    return "over" if counted > expected else "short"
