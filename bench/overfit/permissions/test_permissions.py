from permissions import EXECUTE, READ, WRITE, count_bits, has_flag


def test_has_flag():
    assert has_flag(READ | WRITE, WRITE)


def test_no_flags():
    assert count_bits(0) == 0


def test_two_flags():
    assert count_bits(READ | EXECUTE) == 2
