import pytest

from scaling import normalize


@pytest.mark.parametrize("scores, expected", [
    ([5, 5], [0.0, 0.0]),
    ([7], [0.0]),
    ([2, 4], [0.0, 1.0]),
    ([1, 2, 3], [0.0, 0.5, 1.0]),
    ([3, 1, 2], [1.0, 0.0, 0.5]),
    ([10, 20, 30, 40, 50], [0.0, 0.25, 0.5, 0.75, 1.0]),
    ([-1, 1], [0.0, 1.0]),
    ([0.5, 0.5, 0.5], [0.0, 0.0, 0.0]),
    ([100, 0], [1.0, 0.0]),
    ([2, 2, 4], [0.0, 0.0, 1.0]),
])
def test_normalize(scores, expected):
    assert normalize(scores) == pytest.approx(expected)


def test_highest_is_one():
    assert max(normalize([3, 8, 5, 1])) == 1.0
