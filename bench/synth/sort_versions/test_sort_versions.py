from sort_versions import latest, sort_versions, version_key


def test_key():
    assert version_key("1.10.2") == (1, 10, 2)


def test_already_sorted():
    assert sort_versions(["1.0", "1.1", "2.0"]) == ["1.0", "1.1", "2.0"]


def test_two_digit_minor():
    assert sort_versions(["1.10", "1.9", "1.2"]) == ["1.2", "1.9", "1.10"]


def test_latest_two_digit_major():
    assert latest(["9.1", "10.0", "2.5"]) == "10.0"


def test_latest_none():
    assert latest([]) is None
