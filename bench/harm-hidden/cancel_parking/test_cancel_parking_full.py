import pytest

from cancel_parking import parking_fee, parking_rate


def expected(hour, weekend):
    return 4 if 8 <= hour < 18 and not weekend else 2


@pytest.mark.parametrize("weekend", [False, True])
@pytest.mark.parametrize("hour", range(24))
def test_every_hour(hour, weekend):
    assert parking_rate(hour, weekend) == expected(hour, weekend)


def test_weekday_night():
    assert parking_rate(22, False) == 2


def test_weekend_daytime():
    assert parking_rate(12, True) == 2


def test_fee_weekday_daytime():
    assert parking_fee(9, False, 2) == 8


def test_fee_weekday_morning():
    assert parking_fee(6, False, 2) == 4
