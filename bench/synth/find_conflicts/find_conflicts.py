def overlaps(a, b):
    """Whether two bookings (start, end), end exclusive, share any time."""
    a_start, a_end = a
    b_start, b_end = b
    return a_start < b_end


def find_conflicts(bookings):
    """Index pairs (i, j), i < j, of the bookings that overlap."""
    pairs = []
    for i in range(len(bookings)):
        for j in range(i + 1, len(bookings)):
            if overlaps(bookings[i], bookings[j]):
                pairs.append((i, j))
    return pairs
