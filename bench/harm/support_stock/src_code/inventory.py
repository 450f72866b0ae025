def restock(stock, delivery):
    """A new stock dict: each item's count plus what the delivery brings (new items included)."""
    result = dict(stock)
    for item, count in delivery.items():
        result[item] = result.get(item, 0) - count
    return result


def total(stock):
    """How many items the stock holds in all."""
    return sum(stock.values())
