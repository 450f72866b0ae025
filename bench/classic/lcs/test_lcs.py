from lcs import lcs_length


def test_empty():
    assert lcs_length("", "abc") == 0


def test_identical():
    assert lcs_length("abcd", "abcd") == 4


def test_nothing_in_common():
    assert lcs_length("abc", "xyz") == 0


def test_textbook_example():
    assert lcs_length("ABCBDAB", "BDCABA") == 4


def test_prefix():
    assert lcs_length("banana", "ban") == 3


def test_lists():
    assert lcs_length([1, 3, 4, 9, 10], [1, 4, 9, 2, 10]) == 4
