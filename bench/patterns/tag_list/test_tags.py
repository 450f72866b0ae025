from tags import tag_line, with_tag


def test_first_tag():
    assert with_tag("urgent") == ["urgent"]


def test_second_call_starts_fresh():
    assert with_tag("later") == ["later"]


def test_extends_given_list():
    assert with_tag("b", ["a"]) == ["a", "b"]


def test_line():
    assert tag_line(["a", "b"]) == "a, b"
