from valid_username import valid_username


def test_plain_name():
    assert valid_username("ada_99")


def test_too_short():
    assert not valid_username("ab")


def test_digit_first():
    assert not valid_username("9lives")


def test_upper_case_rejected():
    assert not valid_username("Alice")


def test_exactly_sixteen():
    assert valid_username("a" * 16)


def test_too_long():
    assert not valid_username("a" * 17)
