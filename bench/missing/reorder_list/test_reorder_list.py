from reorder_list import order_cost, reorder


def item(sku, qty, minimum, target):
    return {"sku": sku, "qty": qty, "minimum": minimum, "target": target}


def test_all_low():
    assert reorder([item("bolt", 2, 10, 50), item("nut", 0, 5, 20)]) == {"bolt": 48, "nut": 20}


def test_empty_stock():
    assert reorder([]) == {}


def test_well_stocked_left_out():
    stock = [item("bolt", 2, 10, 50), item("nut", 30, 5, 20), item("washer", 1, 4, 9)]
    assert reorder(stock) == {"bolt": 48, "washer": 8}


def test_at_minimum_left_out():
    assert reorder([item("hinge", 6, 6, 12)]) == {}


def test_order_cost():
    assert order_cost({"bolt": 48, "washer": 8}, {"bolt": 0.25, "washer": 0.5}) == 16.0
