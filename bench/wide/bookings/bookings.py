def overlaps(a, b):
    """True when the half-open bookings a = (start, end) and b = (start, end) share any time."""
    return b[1] < a[0] and b[0] < a[1]


def can_book(bookings, new):
    """True when new overlaps none of the existing bookings."""
    return not any(overlaps(new, old) for old in bookings)
