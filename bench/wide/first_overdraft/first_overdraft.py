def first_overdraft(opening, movements):
    """Index of the first movement that takes the balance below zero, or None if none does."""
    balance = opening
    found = None
    for index, amount in enumerate(movements):
        balance += amount
        if balance < 0:
            found = index
    return found


def closing_balance(opening, movements):
    return opening + sum(movements)
