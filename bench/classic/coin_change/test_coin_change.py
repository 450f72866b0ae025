from coin_change import min_coins


def test_zero_amount():
    assert min_coins([1, 2, 5], 0) == 0


def test_impossible():
    assert min_coins([2], 3) == -1


def test_single_coin_type():
    assert min_coins([3], 9) == 3


def test_exact_coin():
    assert min_coins([1, 2, 5], 5) == 1


def test_greedy_is_not_optimal():
    assert min_coins([1, 3, 4], 6) == 2


def test_larger_amount():
    assert min_coins([1, 2, 5], 11) == 3


def test_coins_larger_than_amount_are_ignored():
    assert min_coins([7, 2], 4) == 2
