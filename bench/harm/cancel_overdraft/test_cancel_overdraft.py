from cancel_overdraft import overdrawn


def test_all_in_credit():
    assert overdrawn([5, 3]) is False


def test_one_account_overdrawn():
    assert overdrawn([-2]) is True


def test_zero_is_not_overdrawn():
    assert overdrawn([0]) is False
