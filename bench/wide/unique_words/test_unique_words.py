from unique_words import normalize, unique_words


def test_normalize():
    assert normalize("Hello,") == "hello"
    assert normalize("(yes)") == "yes"


def test_empty():
    assert unique_words("") == []


def test_all_distinct():
    assert unique_words("the quick brown fox") == ["the", "quick", "brown", "fox"]


def test_repeated_word():
    assert unique_words("to be or not to be") == ["to", "be", "or", "not"]


def test_case_insensitive():
    assert unique_words("Go go GO!") == ["go"]


def test_punctuation_only():
    assert unique_words("... !! ?") == []
