from binary_search import binary_search


def test_empty():
    assert binary_search([], 3) == -1


def test_found_in_middle():
    assert binary_search([1, 3, 5, 7, 9], 5) == 2


def test_absent_between():
    assert binary_search([1, 3, 5, 7], 4) == -1


def test_absent_beyond():
    assert binary_search([1, 3, 5, 7], 8) == -1


def test_single_element():
    assert binary_search([7], 7) == 0


def test_first_and_last():
    items = [1, 3, 5, 7]
    assert binary_search(items, 1) == 0
    assert binary_search(items, 7) == 3


def test_every_position_and_every_gap():
    items = [2, 4, 6, 8, 10, 12, 14]
    assert [binary_search(items, x) for x in items] == list(range(len(items)))
    assert [binary_search(items, x - 1) for x in items + [16]] == [-1] * (len(items) + 1)
