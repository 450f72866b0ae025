import pytest

from to_base import to_base


def test_zero():
    assert to_base(0, 7) == "0"


def test_single_digit():
    assert to_base(5, 10) == "5"


def test_bad_base():
    with pytest.raises(ValueError):
        to_base(10, 1)


def test_binary_palindrome():
    assert to_base(5, 2) == "101"


def test_binary():
    assert to_base(6, 2) == "110"


def test_hexadecimal():
    assert to_base(31, 16) == "1F"


def test_base_36():
    assert to_base(36 * 36 + 35, 36) == "10Z"
