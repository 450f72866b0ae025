from cancel_parking import parking_fee, parking_rate


def test_weekday_daytime():
    assert parking_rate(10, False) == 4


def test_weekend_evening():
    assert parking_rate(20, True) == 2


def test_fee_for_a_night():
    assert parking_fee(22, True, 3) == 6
