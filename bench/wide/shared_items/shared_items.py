def shared_items(wanted, in_stock):
    """Item numbers of wanted that are in stock, in wanted's order (repeats kept)."""
    available = set(in_stock)
    return [item for item in set(wanted) if item in available]


def missing_items(wanted, in_stock):
    available = set(in_stock)
    return [item for item in wanted if item not in available]
