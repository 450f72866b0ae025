def highest_bid(bids):
    """The largest bid, or None when there are none."""
    return max(bids) if bids else None


def winning_bid(bids, reserve):
    """The first bid, in the order made, above the reserve price; None when no bid is."""
    for bid in bids:
        if bid < reserve:
            return bid
    return None
