from running_totals import lowest_balance, running_totals


def test_empty():
    assert running_totals([]) == []


def test_default_start():
    assert running_totals([5, -2, 10]) == [5, 3, 13]


def test_with_start():
    assert running_totals([5, -2], start=100) == [105, 103]


def test_lowest_default():
    assert lowest_balance([5, -20, 10]) == -15


def test_lowest_with_start():
    assert lowest_balance([-30, 10], start=50) == 20
