def busiest_hour(visits_by_hour):
    """The hour (key) with the most visits in a dict hour -> count; None for an empty dict."""
    counts = visits_by_hour.values()
    peak = max(counts)
    return min(hour for hour, count in visits_by_hour.items() if count == peak)
