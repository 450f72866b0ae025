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
