import pytest

from tokenize_expr import read_number, tokenize


def test_read_number_inside():
    assert read_number("12+", 0) == (12, 2)


def test_read_number_not_a_digit():
    with pytest.raises(ValueError):
        read_number("x1", 0)


def test_read_number_at_end():
    assert read_number("x7", 1) == (7, 2)


def test_trailing_space():
    assert tokenize("1 + 2 ") == [1, "+", 2]


def test_parentheses():
    assert tokenize("(1)") == ["(", 1, ")"]


def test_number_last():
    assert tokenize("12+3*45") == [12, "+", 3, "*", 45]
