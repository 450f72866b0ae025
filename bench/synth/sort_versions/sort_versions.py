def version_key(version):
    """'1.10.2' -> (1, 10, 2)."""
    return tuple(int(part) for part in version.split("."))


def sort_versions(versions):
    """The versions in release order, oldest first."""
    return sorted(versions)


def latest(versions):
    return sort_versions(versions)[-1] if versions else None
