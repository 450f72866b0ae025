from divisors import divisors


def test_one():
    assert divisors(1) == [1]


def test_twelve():
    assert divisors(12) == [1, 2, 3, 4, 6, 12]


def test_prime():
    assert divisors(7) == [1, 7]
