from format_minutes import format_minutes, total_minutes


def test_one_hour():
    assert format_minutes(60) == "1h 00m"


def test_total_of_one_hour():
    assert total_minutes([("a", 25), ("b", 35)]) == "1h 00m"


def test_below_an_hour():
    assert format_minutes(45) == "45m"


def test_padding():
    assert format_minutes(125) == "2h 05m"


def test_zero():
    assert format_minutes(0) == "0m"


def test_long_day():
    assert total_minutes([("a", 300), ("b", 250)]) == "9h 10m"
