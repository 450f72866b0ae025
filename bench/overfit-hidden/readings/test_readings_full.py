import itertools

import pytest

from readings import first_below


@pytest.mark.parametrize("readings, floor, expected", [
    ([5, 7, 2], 3, 2),
    ([3, 9, 1], 3, 2),
    ([1, 2], 3, 0),
    ([3], 3, None),
    ([3, 3], 3, None),
    ([], 3, None),
    ([0, 5, -1], 1, 0),
    ([4, 4, 2, 1], 3, 2),
    ([2.5, 2.9], 3, 0),
])
def test_first_below(readings, floor, expected):
    assert first_below(readings, floor) == expected


def test_every_short_list():
    for n in range(5):
        for readings in itertools.product([1, 2, 3], repeat=n):
            expected = next((i for i, r in enumerate(readings) if r < 2), None)
            assert first_below(list(readings), 2) == expected
