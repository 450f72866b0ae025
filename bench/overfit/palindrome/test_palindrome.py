from palindrome import is_palindrome, normalize


def test_normalize():
    assert normalize("A man, a plan!") == "amanaplan"


def test_empty():
    assert is_palindrome("")


def test_racecar():
    assert is_palindrome("Racecar")


def test_not_a_palindrome():
    assert not is_palindrome("python")
