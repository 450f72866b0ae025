from worked_minutes import to_minutes, week_hours, worked_minutes


def test_to_minutes():
    assert to_minutes("07:45") == 465


def test_no_break():
    assert worked_minutes("09:00", "13:30", 0) == 270


def test_with_break():
    assert worked_minutes("08:00", "16:30", 30) == 480


def test_short_break():
    assert worked_minutes("12:15", "18:00", 15) == 330


def test_week():
    shifts = [("08:00", "16:30", 30), ("08:00", "12:00", 0), ("13:00", "21:45", 45)]
    assert week_hours(shifts) == 20.0


def test_week_without_breaks():
    assert week_hours([("09:00", "10:20", 0)]) == 1.33
