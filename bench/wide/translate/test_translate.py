from translate import translate, translate_word

GLOSSARY = {"cat": "chat", "black": "noir", "the": "le"}


def test_known_word():
    assert translate_word("cat", GLOSSARY) == "chat"


def test_capital_kept():
    assert translate_word("The", GLOSSARY) == "Le"


def test_empty_sentence():
    assert translate("", GLOSSARY) == ""


def test_unknown_word():
    assert translate_word("dog", GLOSSARY) == "dog"


def test_mixed_sentence():
    assert translate("The black cat sleeps", GLOSSARY) == "Le noir chat sleeps"
