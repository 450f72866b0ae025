from scaling import normalize


def test_all_equal():
    assert normalize([5, 5]) == [0.0, 0.0]


def test_keeps_length():
    assert len(normalize([1, 2, 3])) == 3


def test_lowest_is_zero():
    assert normalize([2, 4])[0] == 0.0
