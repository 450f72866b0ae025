import math


def parking_fee(minutes, free_minutes, hourly_rate):
    """The fee for parking `minutes` minutes: the first `free_minutes` are free, and every
    hour begun after them costs `hourly_rate`."""
    if minutes <= free_minutes:
        return 0
    hours = math.ceil(minutes / 60)
    return hours * hourly_rate


def receipt(minutes, free_minutes, hourly_rate):
    """A receipt line such as '2h35 parked: 6.00'."""
    fee = parking_fee(minutes, free_minutes, hourly_rate)
    return f"{minutes // 60}h{minutes % 60:02d} parked: {fee:.2f}"
