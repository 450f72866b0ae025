import pytest

from rects import intersect


@pytest.mark.parametrize("a, b, expected", [
    ((0, 0, 4, 4), (2, 2, 4, 4), (2, 2, 2, 2)),
    ((0, 0, 1, 1), (5, 5, 1, 1), None),
    ((0, 0, 2, 2), (2, 0, 2, 2), None),
    ((0, 0, 2, 2), (0, 2, 2, 2), None),
    ((0, 0, 10, 10), (2, 3, 4, 5), (2, 3, 4, 5)),
    ((2, 3, 4, 5), (0, 0, 10, 10), (2, 3, 4, 5)),
    ((0, 0, 3, 3), (2, 2, 3, 3), (2, 2, 1, 1)),
    ((0, 0, 5, 1), (4, 0, 5, 1), (4, 0, 1, 1)),
    ((1, 1, 2, 2), (1, 1, 2, 2), (1, 1, 2, 2)),
    ((0, 0, 2, 2), (2, 2, 2, 2), None),
])
def test_intersect(a, b, expected):
    assert intersect(a, b) == expected
