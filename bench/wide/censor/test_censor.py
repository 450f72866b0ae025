from censor import censor, is_clean


def test_nothing_banned():
    assert censor("hello there", []) == "hello there"


def test_banned_word_absent():
    assert censor("hello there", ["darn"]) == "hello there"


def test_clean_text():
    assert is_clean("a fine day", ["darn"])


def test_one_word():
    assert censor("oh darn it", ["darn"]) == "oh **** it"


def test_two_words():
    assert censor("heck and darn", ["darn", "heck"]) == "**** and ****"


def test_existing_asterisks():
    assert censor("rated ***", ["bad"]) == "rated ***"
