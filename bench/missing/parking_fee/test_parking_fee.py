from parking_fee import parking_fee, receipt


def test_within_free_time():
    assert parking_fee(25, 30, 2.5) == 0


def test_no_free_time():
    assert parking_fee(61, 0, 2.0) == 4.0


def test_free_time_deducted():
    assert parking_fee(90, 30, 3.0) == 3.0


def test_long_stay():
    assert parking_fee(200, 20, 1.5) == 4.5


def test_receipt():
    assert receipt(155, 15, 2.0) == "2h35 parked: 6.00"


def test_receipt_free():
    assert receipt(10, 15, 2.0) == "0h10 parked: 0.00"
