def flatten(nested):
    """All non-list values inside arbitrarily nested lists, left to right, as one flat list."""
    if not isinstance(nested, list):
        return nested
    flat = []
    for element in nested:
        flat.extend(flatten(element))
    return flat
