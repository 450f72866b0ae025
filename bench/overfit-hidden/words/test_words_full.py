import pytest

from words import most_common_word


@pytest.mark.parametrize("text, expected", [
    ("to be or not to be, be", "be"),
    ("Hello", "hello"),
    ("the cat and the hat", "the"),
    ("", None),
    ("  !!  ", None),
    ("a b b a", "b"),
    ("a b", "a"),
    ("Spam spam SPAM eggs", "spam"),
    ("one two two three three three one", "three"),
    ("x y z x", "x"),
    ("red, red. blue", "red"),
])
def test_most_common(text, expected):
    assert most_common_word(text) == expected
