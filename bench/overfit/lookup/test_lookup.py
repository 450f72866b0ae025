from lookup import search


def test_found_in_the_middle():
    assert search([1, 3, 5, 7], 5) == 2


def test_found_first():
    assert search([1, 3, 5, 7], 1) == 0


def test_absent_larger():
    assert search([1, 3, 5, 7], 9) == -1
