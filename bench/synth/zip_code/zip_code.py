import re


def valid_zip(code):
    """A US ZIP code: five digits, optionally '-' and four more, and nothing else."""
    return re.match(r"\d{5}(-\d{4})?", code.strip()) is not None


def invalid_zips(addresses):
    """The addresses (dicts with a 'zip') whose ZIP code is not valid, in order."""
    return [a for a in addresses if not valid_zip(a.get("zip", ""))]
