def elapsed(start, end):
    """Seconds from start to end, both in seconds since midnight; an end before the start is on the next day."""
    return (end - start) % 86400
