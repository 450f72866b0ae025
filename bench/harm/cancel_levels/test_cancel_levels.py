from cancel_levels import first_drop


def test_drop_in_the_middle():
    assert first_drop([3, -1, 5, -2]) == 2


def test_no_drop():
    assert first_drop([4, 5]) == 0


def test_no_levels():
    assert first_drop([]) == 0
