import pytest

from ports import parse_port


@pytest.mark.parametrize("value, expected", [
    ("8080", 8080),
    (" 443 ", 443),
    ("65535", 65535),
    ("70000", None),
    ("0", None),
    ("", None),
    ("   ", None),
    ("http", None),
    ("-1", None),
    ("80a", None),
    ("1", 1),
])
def test_parse_port(value, expected):
    assert parse_port(value) == expected
