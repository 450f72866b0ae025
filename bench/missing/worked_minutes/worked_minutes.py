def to_minutes(clock):
    """'HH:MM' -> minutes after midnight."""
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


def worked_minutes(start, end, pause):
    """Minutes worked in a shift from clock time `start` to `end` ('HH:MM', the same day),
    less the `pause` minutes of break, which are not paid."""
    begin = to_minutes(start)
    finish = to_minutes(end)
    return finish - begin


def week_hours(shifts):
    """Total hours worked over (start, end, pause) shifts, rounded to two places."""
    return round(sum(worked_minutes(*shift) for shift in shifts) / 60, 2)
