import pytest

from trips import average_speed


@pytest.mark.parametrize("segments, expected", [
    ([(120, 2)], 60),
    ([(10, 1), (20, 2)], 10),
    ([(10, 1), (30, 1)], 20),
    ([(30, 1), (10, 1)], 20),
    ([(100, 1), (0, 1)], 50),
    ([(50, 0.5), (50, 1.5)], 50),
    ([(5, 1), (5, 1), (20, 1)], 10),
    ([(60, 1), (60, 2), (60, 3)], 30),
    ([(1, 0.25)], 4),
    ([(90, 1), (30, 2)], 40),
])
def test_average_speed(segments, expected):
    assert average_speed(segments) == pytest.approx(expected)
