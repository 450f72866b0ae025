import pytest

from clock import parse_time


@pytest.mark.parametrize("text, expected", [
    ("9:05", (9, 5)),
    ("7:15 pm", (19, 15)),
    ("12:30 pm", (12, 30)),
    ("12:00 pm", (12, 0)),
    ("11:59 pm", (23, 59)),
    ("1:00 pm", (13, 0)),
    (" 10:00PM ", (22, 0)),
    ("23:10", (23, 10)),
    ("noon", None),
    ("12:xx", None),
    ("", None),
])
def test_parse_time(text, expected):
    assert parse_time(text) == expected
