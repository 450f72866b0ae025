def latest_entry(log):
    """The newest (last) entry of a log list, or None when the log is empty."""
    return log[-1]


def latest_message(log):
    """The message part of the newest 'time message' entry, or '' for an empty log."""
    entry = latest_entry(log)
    return entry.split(" ", 1)[1] if entry else ""
