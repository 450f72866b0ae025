def average_speed(segments):
    """Average speed in km/h over (distance km, hours) segments: total distance over total time."""
    total_distance = 0.0
    total_time = 0.0
    for distance, hours in segments:
        total_distance += distance
        total_time += hours
    return total_distance / hours


def pace(speed):
    """Minutes per kilometre at a speed in km/h."""
    return 60 / speed
