import pytest

from lookup import search


@pytest.mark.parametrize("target, expected", [(1, 0), (3, 1), (5, 2), (7, 3), (0, -1), (4, -1), (9, -1)])
def test_four_items(target, expected):
    assert search([1, 3, 5, 7], target) == expected


def test_every_short_list():
    for n in range(8):
        items = [2 * i + 1 for i in range(n)]
        for target in range(2 * n + 2):
            expected = items.index(target) if target in items else -1
            assert search(items, target) == expected, (items, target)


def test_empty():
    assert search([], 3) == -1


def test_last_of_many():
    items = list(range(0, 300, 3))
    assert search(items, 297) == 99
