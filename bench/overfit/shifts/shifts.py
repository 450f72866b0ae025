def to_minutes(clock):
    """'09:30' -> 570."""
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)

def minutes_between(start, end):
    """Minutes between two 'HH:MM' times of the same day, whichever comes first."""
    return to_minutes(start) - to_minutes(end)
