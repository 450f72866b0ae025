from format_decimal import format_amounts, format_decimal


def test_no_zeros_to_strip():
    assert format_decimal(1.125) == "1.125"


def test_integer_places():
    assert format_decimal(12.4, places=0) == "12"


def test_trailing_zeros():
    assert format_decimal(10.5) == "10.5"


def test_whole_number():
    assert format_decimal(3.0) == "3"


def test_below_one():
    assert format_decimal(0.25) == "0.25"


def test_amounts():
    assert format_amounts([2.5, 7.125]) == "2.5, 7.125"
