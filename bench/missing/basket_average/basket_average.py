def basket_average(prices):
    """Mean price of the items in a basket, rounded to cents; 0.0 for an empty basket."""
    return round(sum(prices) / len(prices), 2)


def price_report(baskets):
    """{customer: average item price} for baskets given as {customer: list of prices}."""
    return {customer: basket_average(prices) for customer, prices in baskets.items()}


def big_spenders(baskets, threshold):
    """Customers whose average item price is at least `threshold`, sorted by name."""
    report = price_report(baskets)
    return sorted(customer for customer, average in report.items() if average >= threshold)
