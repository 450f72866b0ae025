from flags import enabled


def test_true():
    assert enabled({"dark": True}, "dark")


def test_missing():
    assert not enabled({}, "dark")


def test_word_yes():
    assert enabled({"dark": "yes"}, "dark")


def test_zero():
    assert not enabled({"dark": 0}, "dark")
