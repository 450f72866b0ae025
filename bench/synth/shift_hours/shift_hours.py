def to_minutes(clock):
    """'HH:MM' -> minutes after midnight."""
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


def shift_hours(shifts):
    """Hours worked over shifts given as ('HH:MM', 'HH:MM') start/end pairs, same day."""
    total = 0
    for start, end in shifts:
        total += to_minutes(end)
    return total / 60


def overtime(shifts, contract_hours):
    return max(shift_hours(shifts) - contract_hours, 0)
