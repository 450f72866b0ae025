from shift_hours import overtime, shift_hours, to_minutes


def test_to_minutes():
    assert to_minutes("07:45") == 465


def test_no_shifts():
    assert shift_hours([]) == 0


def test_one_shift():
    assert shift_hours([("09:00", "17:30")]) == 8.5


def test_split_shift():
    assert shift_hours([("08:00", "12:00"), ("13:00", "15:15")]) == 6.25


def test_overtime():
    assert overtime([("06:00", "18:00")], 8) == 4


def test_no_overtime():
    assert overtime([], 8) == 0
