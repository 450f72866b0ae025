from ledger import final_balance, is_overdrawn


def test_single_deposit():
    assert final_balance(0, [50]) == 50


def test_withdraw_and_pay_back():
    assert final_balance(20, [-20, 20]) == 20


def test_overdrawn():
    assert is_overdrawn(10, [-30, 40])
