import itertools

import pytest

from palindrome import is_palindrome


@pytest.mark.parametrize("text, expected", [
    ("", True),
    ("x", True),
    ("Racecar", True),
    ("python", False),
    ("ab", False),
    ("aa", True),
    ("abca", False),
    ("abcba", True),
    ("abxya", False),
    ("Was it a car or a cat I saw?", True),
    ("No lemon, no melon", True),
    ("step on no pets!", True),
])
def test_palindromes(text, expected):
    assert is_palindrome(text) == expected


def test_every_short_word():
    for n in range(7):
        for letters in itertools.product("ab", repeat=n):
            word = "".join(letters)
            assert is_palindrome(word) == (word == word[::-1]), word
