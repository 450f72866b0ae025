def order_summary(lines):
    """lines: (name, quantity, unit price). Returns (units, cost, mean unit price per line)."""
    if not lines:
        return 0, 0.0, 0.0
    units = 0
    cost = 0.0
    for _name, quantity, price in lines:
        units += quantity
        cost += quantity * price
    mean_price = sum(price for _, _, price in lines) / units
    return units, round(cost, 2), round(mean_price, 2)
