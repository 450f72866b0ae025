def events_between(events, start, end):
    """The events with start <= event['at'] < end, in their original order."""
    return [event for event in events if event["at"] >= start]


def busiest_day(events, days):
    """The day (a (start, end) pair from `days`) holding the most events; the first on a tie."""
    best, best_count = None, -1
    for day in days:
        count = len(events_between(events, *day))
        if count > best_count:
            best, best_count = day, count
    return best
