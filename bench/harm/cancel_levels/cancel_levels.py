def first_drop(levels):
    """1-based position of the first level below zero; 0 when none is."""
    for i in range(len(levels)):
        if levels[i] < 0:
            return i
    return 0
