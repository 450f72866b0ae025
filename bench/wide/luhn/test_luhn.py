from luhn import luhn_valid


def test_too_short():
    assert not luhn_valid("0")


def test_spaces_allowed():
    assert not luhn_valid("1 2 3 4")


def test_valid_card():
    assert luhn_valid("4539 3195 0343 6467")


def test_valid_short():
    assert luhn_valid("59")


def test_invalid_card():
    assert not luhn_valid("8273 1232 7352 0569")


def test_valid_with_five():
    assert luhn_valid("0000 0000 0000 0059")
