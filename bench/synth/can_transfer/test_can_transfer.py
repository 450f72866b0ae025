import pytest
from can_transfer import can_transfer, transfer


def acct(id, balance):
    return {"id": id, "balance": balance}


def test_allowed():
    assert can_transfer(acct(1, 100), acct(2, 0), 40)


def test_too_much():
    assert not can_transfer(acct(1, 30), acct(2, 0), 40)


def test_zero_amount():
    assert not can_transfer(acct(1, 30), acct(2, 0), 0)


def test_same_account():
    account = acct(1, 100)
    assert not can_transfer(account, account, 10)


def test_same_id():
    with pytest.raises(ValueError):
        transfer(acct(7, 50), acct(7, 50), 5)


def test_transfer_moves_money():
    a, b = acct(1, 50), acct(2, 5)
    transfer(a, b, 20)
    assert (a["balance"], b["balance"]) == (30, 25)
