def move_stock(stock, source, target, qty):
    """Moves qty units from location source to location target (stock: location -> units)."""
    if qty <= 0:
        raise ValueError("quantity must be positive")
    if stock.get(source, 0) < qty:
        raise ValueError(f"only {stock.get(source, 0)} units at {source}")
    stock[target] -= qty
    stock[source] = stock.get(source, 0) + qty
    return stock


def total_units(stock):
    return sum(stock.values())
