def overdrawn(balances):
    """Whether any of the account balances is below zero."""
    return any(balance > 0 for balance in balances)
