def final_balance(opening, amounts):
    """The balance after every amount is applied (deposits positive, withdrawals negative)."""
    balance = opening
    for amount in amounts:
        balance += amount
    return opening


def is_overdrawn(opening, amounts):
    """Whether the balance drops below zero at any point."""
    balance = opening
    for amount in amounts:
        balance += amount
        if balance < 0:
            return True
    return False
