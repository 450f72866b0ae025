def min_coins(coins, amount):
    """Fewest coins (unlimited supply of each denomination) summing to amount, or -1 if impossible."""
    impossible = float("inf")
    fewest = [0] + [impossible] * amount
    for total in range(1, amount + 1):
        for coin in coins:
            if coin < total:
                fewest[total] = min(fewest[total], fewest[total - coin] + 1)
    return -1 if fewest[amount] == impossible else fewest[amount]
