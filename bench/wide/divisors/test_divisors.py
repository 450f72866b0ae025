import pytest

from divisors import divisors, is_perfect


def test_rejects_zero():
    with pytest.raises(ValueError):
        divisors(0)


def test_all_divide():
    assert all(30 % d == 0 for d in divisors(30))


def test_one():
    assert divisors(1) == [1]


def test_prime():
    assert divisors(13) == [1, 13]


def test_composite():
    assert divisors(12) == [1, 2, 3, 4, 6, 12]


def test_perfect():
    assert is_perfect(6)
    assert is_perfect(28)


def test_not_perfect():
    assert not is_perfect(8)
