import pytest
from move_stock import move_stock, total_units


def test_not_enough():
    with pytest.raises(ValueError):
        move_stock({"shelf": 2}, "shelf", "van", 3)


def test_non_positive():
    with pytest.raises(ValueError):
        move_stock({"shelf": 2}, "shelf", "van", 0)


def test_move_to_existing():
    assert move_stock({"shelf": 5, "van": 1}, "shelf", "van", 3) == {"shelf": 2, "van": 4}


def test_move_to_new_location():
    assert move_stock({"shelf": 5}, "shelf", "van", 5) == {"shelf": 0, "van": 5}


def test_total_unchanged():
    stock = {"a": 4, "b": 4}
    move_stock(stock, "b", "a", 1)
    assert total_units(stock) == 8 and stock["a"] == 5
