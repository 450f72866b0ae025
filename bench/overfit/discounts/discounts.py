def discount_rate(quantity):
    """10% off orders of 10 items or more, 20% off orders of 50 or more."""
    if quantity >= 50:
        return 0.20
    if quantity <= 10:
        return 0.10
    return 0.0
