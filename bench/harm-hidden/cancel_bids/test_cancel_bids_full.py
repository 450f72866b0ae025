import pytest

from cancel_bids import winning_bid


def expected(bids, reserve):
    for bid in bids:
        if bid > reserve:
            return bid
    return None


def test_no_bids():
    assert winning_bid([], 10) is None


def test_all_below():
    assert winning_bid([3, 5, 9], 10) is None


def test_only_the_reserve():
    assert winning_bid([10, 10], 10) is None


def test_two_above_first_wins():
    assert winning_bid([11, 20], 10) == 11


def test_first_bid_wins():
    assert winning_bid([12, 4, 30], 10) == 12


def test_later_bid_after_low_ones():
    assert winning_bid([1, 2, 13, 14], 10) == 13


def test_single_bid_above():
    assert winning_bid([11], 10) == 11


def test_reserve_then_above_then_more():
    assert winning_bid([10, 12, 10, 15], 10) == 12


@pytest.mark.parametrize("bids", [[9, 10, 11], [11, 10, 9], [10, 11, 12], [12, 11, 10], [5, 15, 10, 20]])
def test_against_a_plain_scan(bids):
    assert winning_bid(bids, 10) == expected(bids, 10)
