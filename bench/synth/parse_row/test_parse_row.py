import pytest
from parse_row import parse_export, parse_row


def test_plain_row():
    assert parse_row("Ada;36;London") == {"name": "Ada", "age": 36, "city": "London"}


def test_name_with_comma():
    assert parse_row("Lovelace, Ada;36;London")["name"] == "Lovelace, Ada"


def test_too_few_fields():
    with pytest.raises(ValueError):
        parse_row("Ada;London")


def test_export():
    text = "Smith, J.; 41 ;Leeds\n\nAda;36;London\n"
    assert parse_export(text) == [
        {"name": "Smith, J.", "age": 41, "city": "Leeds"},
        {"name": "Ada", "age": 36, "city": "London"},
    ]


def test_empty_export():
    assert parse_export("\n") == []
