from sieve import primes_up_to


def test_below_two():
    assert primes_up_to(1) == []


def test_two():
    assert primes_up_to(2) == [2]


def test_limit_is_prime():
    assert primes_up_to(13) == [2, 3, 5, 7, 11, 13]


def test_limit_is_a_square():
    assert primes_up_to(9) == [2, 3, 5, 7]


def test_limit_is_even():
    assert primes_up_to(30) == [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]


def test_count_below_a_thousand():
    assert len(primes_up_to(1000)) == 168
