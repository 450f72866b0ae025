from crash_mirror import is_mirror


def test_two_different_letters():
    assert is_mirror("ab") is False


def test_three_letters():
    assert is_mirror("abc") is False


def test_even_mirror():
    assert is_mirror("abba") is True
