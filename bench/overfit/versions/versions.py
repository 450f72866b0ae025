def parse_version(tag):
    """'v1.2.3' -> (1, 2, 3)."""
    return tuple(int(part) for part in tag.lstrip("v").split("."))


def latest_version(tags):
    """The tag with the highest version number, or None when there are no tags."""
    best = None
    best_key = None
    for tag in tags:
        key = parse_version(tag)
        if best_key is None or key > best_key:
            best, best_key = tag, key
    return best_key
