from order_total import most_expensive_line, order_total


def test_empty():
    assert order_total([]) == 0


def test_single_units():
    assert order_total([{"price": 250, "qty": 1}, {"price": 100, "qty": 1}]) == 350


def test_quantities():
    assert order_total([{"price": 250, "qty": 2}, {"price": 100, "qty": 3}]) == 800


def test_discount():
    assert order_total([{"price": 1000, "qty": 4}], discount=25) == 3000


def test_most_expensive():
    lines = [{"price": 900, "qty": 1}, {"price": 300, "qty": 4}]
    assert most_expensive_line(lines) == {"price": 300, "qty": 4}
