def reorder(stock):
    """Units to order per SKU so that every item below its minimum is brought up to its target.

    stock: dicts with 'sku', 'qty', 'minimum' and 'target'. Items at or above their minimum
    need no order and are left out. Returns {sku: units}, in stock order.
    """
    orders = {}
    for item in stock:
        orders[item["sku"]] = item["target"] - item["qty"]
    return orders


def order_cost(orders, prices):
    """Cost of the order {sku: units} at the unit prices {sku: price}."""
    return sum(units * prices[sku] for sku, units in orders.items())
