from percent_change import percent_change, trend


def test_rise():
    assert percent_change(50, 75) == 50.0


def test_fall():
    assert percent_change(200, 150) == -25.0


def test_trend():
    assert trend([10, 20, 10]) == [100.0, -50.0]


def test_from_zero():
    assert percent_change(0, 5) is None
