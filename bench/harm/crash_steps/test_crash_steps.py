from crash_steps import average_step


def test_single_value():
    assert average_step([5]) == 0.0


def test_flat():
    assert average_step([3, 3, 3]) == 0.0


def test_rising():
    assert average_step([1, 4, 7]) == 3.0
