from order_summary import order_summary


def test_empty():
    assert order_summary([]) == (0, 0.0, 0.0)


def test_single_unit():
    assert order_summary([("pen", 1, 2.5)]) == (1, 2.5, 2.5)


def test_one_of_each():
    assert order_summary([("pen", 1, 2.0), ("pad", 1, 4.0)]) == (2, 6.0, 3.0)


def test_units_and_cost():
    units, cost, _ = order_summary([("pen", 3, 2.0), ("pad", 2, 4.5)])
    assert (units, cost) == (5, 15.0)


def test_mean_price_with_quantities():
    assert order_summary([("pen", 3, 2.0), ("pad", 2, 4.0)])[2] == 3.0
