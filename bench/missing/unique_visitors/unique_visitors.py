def addresses(log_lines):
    """The client address (first field) of every non-blank access-log line, in order."""
    return [line.split()[0] for line in log_lines if line.strip()]


def unique_visitors(log_lines):
    """How many different client addresses appear in the access log."""
    seen = addresses(log_lines)
    return len(seen)


def visits_by_address(log_lines):
    """{address: number of requests}, addresses in order of first appearance."""
    counts = {}
    for address in addresses(log_lines):
        counts[address] = counts.get(address, 0) + 1
    return counts
