from cancel_bids import highest_bid, winning_bid


def test_highest():
    assert highest_bid([5, 9, 7]) == 9


def test_no_bids():
    assert winning_bid([], 10) is None


def test_first_above():
    assert winning_bid([8, 15, 3], 10) == 15


def test_reserve_itself_is_not_above():
    assert winning_bid([10, 4, 12], 10) == 12
