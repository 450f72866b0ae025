import calendar

import pytest

from calendar_rules import is_leap


@pytest.mark.parametrize("year, expected", [
    (2000, True), (2024, True), (2023, False), (1900, False), (2100, False),
    (2400, True), (1600, True), (1700, False), (4, True), (1, False),
])
def test_is_leap(year, expected):
    assert is_leap(year) == expected


def test_every_year():
    assert [y for y in range(1, 3000) if is_leap(y)] == [y for y in range(1, 3000) if calendar.isleap(y)]
