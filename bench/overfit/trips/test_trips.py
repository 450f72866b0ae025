from trips import average_speed, pace


def test_single_segment():
    assert average_speed([(120, 2)]) == 60


def test_steady_speed():
    assert average_speed([(10, 1), (20, 2)]) == 10


def test_pace():
    assert pace(12) == 5
