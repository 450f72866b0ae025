from caesar import caesar, shift_letter


def test_non_letters_unchanged():
    assert caesar("1, 2!", 5) == "1, 2!"


def test_lower_no_wrap():
    assert shift_letter("a", 1) == "b"


def test_negative_shift():
    assert shift_letter("c", -2) == "a"


def test_lower_wrap():
    assert shift_letter("z", 1) == "a"


def test_upper():
    assert shift_letter("B", 2) == "D"


def test_round_trip():
    text = "Hello, World"
    assert caesar(caesar(text, 13), -13) == text
