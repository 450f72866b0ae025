from changes import change_count, changes


def test_empty():
    assert changes([]) == []


def test_single():
    assert changes([5]) == [(0, 5)]


def test_constant():
    assert changes([3, 3, 3]) == [(0, 3)]


def test_steps():
    assert changes([1, 1, 2, 2, 1]) == [(0, 1), (2, 2), (4, 1)]


def test_change_count():
    assert change_count(["off", "on", "on", "off"]) == 2


def test_no_change():
    assert change_count([7, 7]) == 0
