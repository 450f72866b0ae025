import pytest

from shelf import shelf_label


@pytest.mark.parametrize("in_stock, reserved, expected", [
    (True, False, "sale"),
    (True, True, "hold"),
    (False, True, "hold"),
    (False, False, "hold"),
])
def test_label(in_stock, reserved, expected):
    assert shelf_label({"in_stock": in_stock, "reserved": reserved}) == expected


@pytest.mark.parametrize("in_stock, reserved, expected", [
    (1, 0, "sale"),
    (1, 1, "hold"),
    (0, 1, "hold"),
    (0, 0, "hold"),
    (5, 0, "sale"),
    (0, 2, "hold"),
])
def test_counts_as_flags(in_stock, reserved, expected):
    assert shelf_label({"in_stock": in_stock, "reserved": reserved}) == expected
