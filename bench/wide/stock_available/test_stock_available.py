from stock_available import available, can_fulfil, shortfall


def test_plain():
    assert available(10, 3) == 7


def test_fully_reserved():
    assert available(5, 5) == 0


def test_over_reserved():
    assert available(3, 5) == 0


def test_can_fulfil():
    assert can_fulfil([("a", 2), ("b", 1)], {"a": 5, "b": 1}, {"a": 3})
    assert not can_fulfil([("a", 3)], {"a": 5}, {"a": 3})


def test_shortfall_over_reserved():
    assert shortfall([("a", 4), ("b", 1)], {"a": 2, "b": 1}, {"a": 3}) == {"a": 4}
