from clean_readings import clean_readings, mean


def test_all_in_range():
    assert clean_readings([3, 5, 4], 0, 10) == [3, 5, 4]


def test_missing_dropped():
    assert clean_readings([1, None, 2], 0, 10) == [1, 2]


def test_too_low_dropped():
    assert clean_readings([-5, 1], 0, 10) == [1]


def test_bounds_kept():
    assert clean_readings([0, 10], 0, 10) == [0, 10]


def test_too_high_dropped():
    assert clean_readings([4, 11, 999], 0, 10) == [4]


def test_mean_of_clean():
    assert mean(clean_readings([10, None, 999, 20], 0, 100)) == 15
