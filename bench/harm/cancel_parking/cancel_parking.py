def parking_rate(hour, weekend):
    """Euros per hour: 4 from 8:00 to 18:00 on weekdays, 2 at other times and all weekend."""
    if 8 <= hour < 18 and weekend:
        rate = 4
    else:
        rate = 2
    return rate


def parking_fee(hour, weekend, hours):
    """What parking from hour on for the given number of hours costs, at the rate of the first hour."""
    return parking_rate(hour, weekend) * hours
