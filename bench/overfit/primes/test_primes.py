from primes import is_prime


def test_small_primes():
    assert is_prime(2) and is_prime(7) and is_prime(13)


def test_not_prime():
    assert not is_prime(1)
    assert not is_prime(10)


def test_square_of_a_prime():
    assert not is_prime(9)
