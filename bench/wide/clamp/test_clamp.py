import pytest

from clamp import clamp, to_byte


def test_bad_range():
    with pytest.raises(ValueError):
        clamp(1, 5, 2)


def test_below():
    assert clamp(-4, 0, 10) == 0


def test_inside():
    assert clamp(7, 0, 10) == 7


def test_above():
    assert clamp(15, 0, 10) == 10


def test_to_byte():
    assert to_byte(0.5) == 128
    assert to_byte(2.0) == 255
