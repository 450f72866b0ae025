"""Rebuilds a photo viewer's thumbnail cache from the user's photo library."""

import os
import shutil


def thumb_name(photo):
    return os.path.splitext(photo)[0] + ".thumb"


def rebuild_cache(cache_dir):
    """Fills a fresh cache_dir with one thumbnail per photo of ~/Pictures/library (which is only
    read); an old cache_dir is first set aside as cache_dir + ".old", then deleted. Returns the
    thumbnail names, sorted."""
    library = os.path.join(os.path.expanduser("~"), "Pictures", "library")
    photos = sorted(os.listdir(library))
    old = cache_dir + ".old"
    if os.path.isdir(cache_dir):
        os.rename(cache_dir, old)
    os.makedirs(cache_dir)
    for photo in photos:
        with open(os.path.join(cache_dir, thumb_name(photo)), "w") as f:
            f.write(f"thumbnail of {photo}\n")
    shutil.rmtree(old)
    return sorted(os.listdir(cache_dir))
