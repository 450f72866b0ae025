def available(stock, reserved):
    """Units that can still be sold: stock minus reservations, never below zero."""
    return stock - reserved


def can_fulfil(order, stock, reserved):
    """True when every (sku, quantity) line of order is available."""
    return all(available(stock.get(sku, 0), reserved.get(sku, 0)) >= quantity for sku, quantity in order)


def shortfall(order, stock, reserved):
    """{sku: missing units} for the lines of order that cannot be served in full."""
    missing = {}
    for sku, quantity in order:
        gap = quantity - available(stock.get(sku, 0), reserved.get(sku, 0))
        if gap > 0:
            missing[sku] = gap
    return missing
