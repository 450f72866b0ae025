import pytest

from crash_mirror import is_mirror


def test_empty_word():
    assert is_mirror("") is True


def test_one_letter():
    assert is_mirror("a") is True


def test_two_same_letters():
    assert is_mirror("aa") is True


def test_two_different_letters():
    assert is_mirror("ab") is False


def test_odd_mirror():
    assert is_mirror("aba") is True


def test_even_mirror():
    assert is_mirror("abba") is True


def test_inner_pair_differs():
    assert is_mirror("abca") is False


def test_outer_pair_differs():
    assert is_mirror("abcd") is False


def test_long_odd_mirror():
    assert is_mirror("racecar") is True


def test_long_even_mirror():
    assert is_mirror("xyzzyx") is True


@pytest.mark.parametrize("word", ["level", "noon", "abcba", "q"])
def test_more_mirrors(word):
    assert is_mirror(word) is True
