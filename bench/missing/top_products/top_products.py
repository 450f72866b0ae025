def top_products(sales, limit):
    """The `limit` best-selling products, best first, as (name, revenue) pairs.

    sales: (name, quantity, unit price) tuples, several per product. Products with equal
    revenue come in alphabetical order.
    """
    revenue = {}
    for name, quantity, price in sales:
        revenue[name] = revenue.get(name, 0) + quantity * price
    ranked = sorted(revenue.items(), key=lambda pair: (-pair[1], pair[0]))
    return ranked


def best_seller(sales):
    """The name of the product with the highest revenue, or None without sales."""
    top = top_products(sales, 1)
    return top[0][0] if top else None
