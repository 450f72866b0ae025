from first_overdraft import closing_balance, first_overdraft


def test_no_movements():
    assert first_overdraft(50, []) is None


def test_never_negative():
    assert first_overdraft(100, [-30, 20, -90]) is None


def test_single_dip():
    assert first_overdraft(100, [20, -150]) == 1


def test_two_dips():
    assert first_overdraft(100, [-150, 200, -300]) == 0


def test_stays_negative():
    assert first_overdraft(10, [-20, -5, -5]) == 0


def test_closing_balance():
    assert closing_balance(10, [-20, -5, 40]) == 25
