from formatting import format_duration, format_span
from samples import clock_text


def test_duration():
    assert format_duration(3725) == clock_text(1, 2, 5)


def test_zero():
    assert format_duration(0) == clock_text(0, 0, 0)


def test_span_over_midnight():
    assert format_span(86000, 3261) == clock_text(1, 1, 1)
