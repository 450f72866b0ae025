import re


def version_parts(text):
    """(major, minor, patch) from a version such as '2.7.1', 'v3.10' or ' 1.0.12 '.

    The patch number may be left out and then counts as 0; a leading 'v' is allowed. Text
    that is not such a version gives None.
    """
    match = re.fullmatch(r"v?(\d+)\.(\d+)(?:\.(\d+))", text.strip())
    if match is None:
        return None
    major, minor, patch = match.groups()
    return int(major), int(minor), int(patch or 0)


def newest(versions):
    """The newest of the version strings that parse, or None when none does."""
    parsed = [v for v in versions if version_parts(v) is not None]
    return max(parsed, key=version_parts, default=None)
