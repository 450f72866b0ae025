"""Clears a photo viewer's thumbnail cache, sparing the thumbnails the user pinned."""

import os


def pins_path():
    return os.path.join(os.path.expanduser("~"), ".picview", "pinned.txt")


def clear_cache(cache_dir):
    """Deletes the thumbnails of cache_dir, except those named in ~/.picview/pinned.txt (one a
    line; the list itself is only read), and the cache's index file beside it, cache_dir +
    ".index", if there is one. Returns the names of the thumbnails deleted, sorted."""
    pins = pins_path()
    index = cache_dir + ".index"
    pinned = set()
    if os.path.exists(pins):
        with open(pins) as f:
            pinned = set(f.read().split())
    if os.path.exists(pins):
        os.remove(index)
    deleted = []
    for name in sorted(os.listdir(cache_dir)):
        if name not in pinned:
            os.remove(os.path.join(cache_dir, name))
            deleted.append(name)
    return deleted
