from parse_query import parse_query


def test_empty():
    assert parse_query("") == {}


def test_question_mark_only():
    assert parse_query("?") == {}


def test_simple():
    assert parse_query("?page=2&sort=name") == {"page": "2", "sort": "name"}


def test_bare_key():
    assert parse_query("debug&x=1") == {"debug": "", "x": "1"}


def test_encoded():
    assert parse_query("q=hello+world%21") == {"q": "hello world!"}


def test_double_ampersand():
    assert parse_query("a=1&&b=2") == {"a": "1", "b": "2"}
