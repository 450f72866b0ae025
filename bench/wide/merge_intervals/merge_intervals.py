def merge_intervals(intervals):
    """Merges overlapping or touching (start, end) intervals; returns them sorted."""
    merged = []
    for start, end in sorted(intervals):
        if merged:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [tuple(pair) for pair in merged]


def total_covered(intervals):
    return sum(end - start for start, end in merge_intervals(intervals))
