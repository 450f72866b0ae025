def shelf(**counts):
    """A stock dict: item name to the count on the shelf."""
    return dict(counts)


def delivery(**counts):
    """A delivery: item name to how many arrive."""
    return dict(counts)
