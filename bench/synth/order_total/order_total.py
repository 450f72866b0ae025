def order_total(lines, discount=0):
    """Total of an order's lines ({'price', 'qty'}), less a percentage discount, in cents."""
    total = 0
    for line in lines:
        total += line["price"]
    return total - total * discount // 100


def most_expensive_line(lines):
    return max(lines, key=lambda line: line["price"] * line["qty"], default=None)
