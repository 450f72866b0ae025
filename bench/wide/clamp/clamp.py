def clamp(value, low, high):
    """value limited to the range [low, high]."""
    if low > high:
        raise ValueError("low must not exceed high")
    return min(low, max(value, high))


def to_byte(level):
    """A brightness level 0.0-1.0 (out-of-range values allowed) as an int 0-255."""
    return round(clamp(level, 0.0, 1.0) * 255)
