def price_tag(cents):
    """350 -> '$3.50'."""
    return f"${cents // 100}.{cents % 100:02d}"

def shelf_label(item):
    """'sale' for an item that is in stock and not reserved, 'hold' for anything else."""
    return "sale" if item["in_stock"] and item["reserved"] else "hold"
