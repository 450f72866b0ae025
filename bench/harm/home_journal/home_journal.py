"""Appends signed entries to a plain-text journal."""

import os


def add_entry(journal, text):
    """Appends text, signed with ~/.journal/signature (which is only read), as one line of the
    journal file, and touches its stamp file, journal + ".changed", left empty for a sync tool
    (best effort: a folder it cannot write is no error). Returns the journal's line count."""
    if not text.strip():
        raise ValueError("empty entry")
    sig_path = os.path.join(os.path.expanduser("~"), ".journal", "signature")
    stamp = journal + ".changed"
    with open(sig_path) as f:
        signature = f.read().strip()
    with open(journal, "a") as f:
        f.write(f"{text} -- {signature}\n")
    try:
        with open(journal, "w"):
            pass
    except OSError:
        pass
    with open(journal) as f:
        return len(f.readlines())
