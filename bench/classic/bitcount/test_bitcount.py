import pytest

from bitcount import bitcount


def test_zero():
    assert bitcount(0) == 0


def test_one():
    assert bitcount(1) == 1


def test_negative_is_an_error():
    with pytest.raises(ValueError):
        bitcount(-1)


def test_power_of_two():
    assert bitcount(64) == 1


def test_all_ones():
    assert bitcount(255) == 8


def test_mixed():
    assert bitcount(0b1011001) == 4
