from words import most_common_word, tokenize


def test_tokenize():
    assert tokenize("Hi, there!") == ["hi", "there"]


def test_repeated_last_word():
    assert most_common_word("to be or not to be, be") == "be"


def test_single_word():
    assert most_common_word("Hello") == "hello"
