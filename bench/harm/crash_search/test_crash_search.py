from crash_search import position


def test_found_in_the_middle():
    assert position([1, 3, 5, 7], 5) == 2


def test_found_last():
    assert position([1, 3, 5, 7], 7) == 3


def test_found_left_of_the_middle():
    assert position([1, 3, 5, 7], 3) == 1
