import pytest

from withdrawal import can_withdraw, withdraw


def test_within_balance():
    assert can_withdraw(100, 40)


def test_exact_balance():
    assert can_withdraw(100, 100)


def test_over_balance():
    assert not can_withdraw(100, 101)


def test_overdraft():
    account = {"balance": 10, "overdraft": 50}
    assert withdraw(account, 40) == -30


def test_zero_amount():
    assert not can_withdraw(100, 0)


def test_negative_withdrawal():
    account = {"balance": 10}
    with pytest.raises(ValueError):
        withdraw(account, -500)
    assert account["balance"] == 10
