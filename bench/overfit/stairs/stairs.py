def count_ways(steps):
    """Number of ways to climb `steps` stairs taking one or two stairs at a time."""
    if steps <= 1:
        return 1
    return count_ways(steps - 1) + count_ways(steps - 1)


def describe(steps):
    """A line for the report."""
    return f"{steps} stairs: {count_ways(steps)} ways"
