"""Lists the files an editor opened last, from its history in the home folder."""

import os


def recent_files(limit):
    """The newest `limit` distinct entries of ~/.editor/recent.txt (one a line, the newest last;
    the file is only read), newest first."""
    path = os.path.join(os.path.expanduser("~"), ".editor", "recent.txt")
    with open(path) as f:
        entries = [line.strip() for line in f if line.strip()]
    seen, result = set(), []
    for entry in reversed(entries):
        if entry not in seen:
            seen.add(entry)
            result.append(entry)
    return result[: limit - 1]
