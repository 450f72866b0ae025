from factors import factorize


def test_twelve():
    assert factorize(12) == [2, 2, 3]


def test_one_and_a_prime():
    assert factorize(1) == []
    assert factorize(13) == [13]


def test_square_of_a_prime():
    assert factorize(49) == [7, 7]
