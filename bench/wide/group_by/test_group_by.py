from group_by import group_by, group_sizes

ORDERS = [
    {"id": 1, "status": "open"},
    {"id": 2, "status": "paid"},
    {"id": 3, "status": "open"},
]


def test_empty():
    assert group_by([], "status") == {}


def test_keys():
    assert sorted(group_by(ORDERS, "status")) == ["open", "paid"]


def test_single_record():
    assert group_by([{"id": 9, "status": "x"}], "status") == {"x": [{"id": 9, "status": "x"}]}


def test_order_within_group():
    assert [o["id"] for o in group_by(ORDERS, "status")["open"]] == [1, 3]


def test_sizes():
    assert group_sizes(ORDERS, "status") == {"open": 2, "paid": 1}
