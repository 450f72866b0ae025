import math

import pytest

from pages import page


@pytest.mark.parametrize("count, size, pages", [
    (0, 2, 0), (1, 2, 1), (2, 2, 1), (3, 2, 2), (4, 2, 2), (5, 2, 3),
    (10, 5, 2), (11, 5, 3), (3, 10, 1), (100, 10, 10),
])
def test_page_count(count, size, pages):
    assert page(list(range(count)), 1, size)[1] == pages


def test_every_small_size():
    for count in range(12):
        for size in range(1, 6):
            items = list(range(count))
            for number in range(1, 5):
                start = (number - 1) * size
                assert page(items, number, size) == (items[start:start + size], math.ceil(count / size))
