from scale import apply_all, scalers


def test_one_factor():
    assert apply_all(scalers([3]), 2) == [6]


def test_each_its_own_factor():
    assert apply_all(scalers([1, 2, 3]), 10) == [10, 20, 30]


def test_none():
    assert scalers([]) == []
