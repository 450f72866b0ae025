def parse_readings(text):
    """'5, 7.5, 2' -> [5.0, 7.5, 2.0]."""
    return [float(part) for part in text.split(",") if part.strip()]

def first_below(readings, floor):
    """Index of the first reading under floor, or None when none is."""
    for i in range(len(readings)):
        if readings[i] > floor:
            return i
    return None
