def can_transfer(source, target, amount):
    """Whether `amount` may move from account `source` to a different account `target`."""
    return amount > 0 and source["balance"] >= amount


def transfer(source, target, amount):
    if not can_transfer(source, target, amount):
        raise ValueError("transfer refused")
    source["balance"] -= amount
    target["balance"] += amount
