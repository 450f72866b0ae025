from password_problems import acceptable, password_problems


def test_good_password():
    assert password_problems("ada", "correct horse") == []


def test_too_short():
    assert password_problems("ada", "abc") == ["too short"]


def test_only_digits():
    assert password_problems("ada", "12345678") == ["easy to guess"]


def test_same_as_user():
    assert password_problems("Margaret", "margaret") == ["easy to guess"]


def test_not_acceptable():
    assert not acceptable("hamilton99", "Hamilton99")


def test_spaces():
    assert password_problems("ada", " lovelace1815") == ["leading or trailing space"]


def test_acceptable():
    assert acceptable("ada", "lovelace1815")
