def refund(balance, amount):
    """The balance after refunding `amount`; refunding nothing or less is a programming error."""
    assert (amount > 0, "refund a positive amount")
    return balance + amount
