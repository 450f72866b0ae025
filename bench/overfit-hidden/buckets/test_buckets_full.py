import math

import pytest

from buckets import histogram


@pytest.mark.parametrize("values, width, expected", [
    ([1, 4, 6, 12], 5, {0: 2, 5: 1, 10: 1}),
    ([-3], 5, {-5: 1}),
    ([-5], 5, {-5: 1}),
    ([-6, -1, 0, 4, 5], 5, {-10: 1, -5: 1, 0: 2, 5: 1}),
    ([0.5, 1.5, 2.5], 1, {0: 1, 1: 1, 2: 1}),
    ([9, 10, 11], 10, {0: 1, 10: 2}),
    ([], 3, {}),
    ([7, 7, 7], 2, {6: 3}),
    ([-0.5, 0.5], 1, {-1: 1, 0: 1}),
    ([-10, -9.5], 10, {-10: 2}),
])
def test_histogram(values, width, expected):
    assert histogram(values, width) == expected


def test_every_small_value():
    values = [x / 2 for x in range(-20, 21)]
    for width in (1, 2, 3):
        expected = {}
        for v in values:
            start = math.floor(v / width) * width
            expected[start] = expected.get(start, 0) + 1
        assert histogram(values, width) == expected
