import pytest
from config_lines import is_ignored, parse_settings


def test_blank():
    assert is_ignored("   ")


def test_hash_comment():
    assert is_ignored("  # port = 80")


def test_semicolon_comment():
    assert is_ignored("; legacy option")


def test_setting_not_ignored():
    assert not is_ignored("port = 80")


def test_parse_with_comments():
    text = "# server\nhost = example.org\n; port = 21\nport = 8080\n"
    assert parse_settings(text) == {"host": "example.org", "port": "8080"}


def test_missing_equals():
    with pytest.raises(ValueError):
        parse_settings("host example.org")
