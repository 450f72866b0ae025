from gcd import gcd, lcm


def test_with_zero():
    assert gcd(9, 0) == 9


def test_both_zero():
    assert gcd(0, 0) == 0


def test_smaller_first():
    assert gcd(8, 12) == 4


def test_larger_first():
    assert gcd(12, 8) == 4


def test_zero_first():
    assert gcd(0, 5) == 5


def test_negative():
    assert gcd(-4, 6) == 2


def test_lcm():
    assert lcm(4, 6) == 12
    assert lcm(0, 6) == 0
