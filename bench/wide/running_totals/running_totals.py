def running_totals(amounts, start=0):
    """Balance after each amount, beginning from the opening balance start."""
    totals = []
    balance = 0
    for amount in amounts:
        balance += amount
        totals.append(balance)
    return totals


def lowest_balance(amounts, start=0):
    """The lowest balance reached, the opening balance included."""
    return min([start] + running_totals(amounts, start))
