def clock_time(minutes_after_midnight):
    """'HH:MM' on a 24-hour clock; minutes past a day wrap around."""
    hours, minutes = divmod(minutes_after_midnight % (24 * 60), 60)
    return "{:02d}:{:2d}".format(hours, minutes)


def timetable(start, every, count):
    """Departure times: `count` departures, `every` minutes apart, from `start` minutes."""
    return [clock_time(start + i * every) for i in range(count)]


def minutes_of(clock):
    """'HH:MM' -> minutes after midnight."""
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)
