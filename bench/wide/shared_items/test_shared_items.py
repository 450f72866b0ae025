from shared_items import missing_items, shared_items


def test_nothing_shared():
    assert shared_items([1, 2], [3]) == []


def test_single_shared():
    assert shared_items([5, 6], [6, 7]) == [6]


def test_missing_items():
    assert missing_items([3, 1, 2], [1]) == [3, 2]


def test_order_kept():
    assert shared_items([30, 10, 20], [10, 20, 30]) == [30, 10, 20]


def test_repeats_kept():
    assert shared_items([4, 4, 9], [4]) == [4, 4]
