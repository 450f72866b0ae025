def setting(config, path, default=None):
    """The value at a dotted `path` (e.g. 'db.pool.size') in nested dicts of settings.

    Returns `default` when a key along the path is missing.
    """
    node = config
    for key in path.split("."):
        node = node[key]
    return node


def int_setting(config, path, default=0):
    """The setting at `path` as an int (settings read from files are often text)."""
    return int(setting(config, path, default))
