import pytest

from parse_ini import parse_ini


def test_no_sections():
    assert parse_ini("a = 1\nb=two") == {"": {"a": "1", "b": "two"}}


def test_comments_and_blanks():
    assert parse_ini("# top\n\n; note\nx = y\n") == {"": {"x": "y"}}


def test_bad_line():
    with pytest.raises(ValueError):
        parse_ini("just words")


def test_one_section():
    assert parse_ini("[db]\nhost = local") == {"": {}, "db": {"host": "local"}}


def test_two_sections():
    text = "name = app\n[db]\nport=5432\n[log]\nlevel = info\n"
    assert parse_ini(text) == {"": {"name": "app"}, "db": {"port": "5432"}, "log": {"level": "info"}}


def test_repeated_section():
    text = "[a]\nx=1\n[b]\ny=2\n[a]\nz=3"
    assert parse_ini(text)["a"] == {"x": "1", "z": "3"}
