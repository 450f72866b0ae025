def can_withdraw(balance, amount, overdraft_limit=0):
    """True when amount is positive and fits within balance plus the overdraft limit."""
    return amount <= balance + overdraft_limit


def withdraw(account, amount):
    """Takes amount from account (a dict with 'balance' and optional 'overdraft')."""
    if not can_withdraw(account["balance"], amount, account.get("overdraft", 0)):
        raise ValueError("withdrawal refused")
    account["balance"] -= amount
    return account["balance"]
