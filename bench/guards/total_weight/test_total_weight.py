from total_weight import heavy, total_weight


def test_total():
    assert total_weight([{"name": "a", "weight": 2}, {"name": "b", "weight": 3}]) == 5


def test_empty():
    assert total_weight([]) == 0


def test_heavy():
    assert heavy([{"name": "a", "weight": 20}], 10)


def test_unweighed_item_skipped():
    assert total_weight([{"name": "a", "weight": 2}, {"name": "b", "weight": None}, {"name": "c", "weight": 1}]) == 3
