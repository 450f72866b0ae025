import string

ALLOWED = set(string.ascii_lowercase + string.digits + "_")


def valid_username(name):
    """3 to 16 characters: lower-case letters, digits or '_', not starting with a digit."""
    if len(name) < 3:
        return False
    if name[0].isdigit():
        return False
    return all(ch in ALLOWED for ch in name)
