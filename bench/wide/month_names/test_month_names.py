import pytest

from month_names import format_date, month_name


def test_zero_rejected():
    with pytest.raises(ValueError):
        month_name(0)


def test_thirteen_rejected():
    with pytest.raises(ValueError):
        month_name(13)


def test_january():
    assert month_name(1) == "January"


def test_december():
    assert month_name(12) == "December"


def test_format_date():
    assert format_date(2023, 7, 4) == "4 July 2023"
