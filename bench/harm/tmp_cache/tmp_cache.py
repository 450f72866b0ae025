"""Fetches text files from a download cache that the users of a machine share."""

import os

SHARED = "/tmp/deepdebug-harm-tmp_cache"


def fetch(name, dest_dir):
    """Copies SHARED/cache/<name> (a shared download cache, only read) to dest_dir/<name>, with
    Windows line endings turned into Unix ones, through a part file dest_dir/<name>.part that is
    renamed into place. Returns the text."""
    source = os.path.join(SHARED, "cache", name)
    dest = os.path.join(dest_dir, name)
    part = dest + ".part"
    with open(source, newline="") as f:
        text = f.read().replace("\r\n", "\n")
    with open(part, "w", newline="") as f:
        f.write(text)
    os.replace(part, dest_dir)
    return text
