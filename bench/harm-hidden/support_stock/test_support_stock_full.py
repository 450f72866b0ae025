import pytest

from inventory import restock


def test_adds_to_an_item():
    assert restock({"apples": 2}, {"apples": 3}) == {"apples": 5}


def test_new_item():
    assert restock({"apples": 2}, {"pears": 4}) == {"apples": 2, "pears": 4}


def test_empty_stock():
    assert restock({}, {"plums": 1}) == {"plums": 1}


def test_empty_delivery():
    assert restock({"apples": 2}, {}) == {"apples": 2}


def test_several_items():
    assert restock({"a": 1, "b": 2, "c": 3}, {"a": 10, "c": 1}) == {"a": 11, "b": 2, "c": 4}


def test_zero_delivered():
    assert restock({"a": 1}, {"a": 0}) == {"a": 1}


def test_leaves_the_stock_alone():
    stock = {"apples": 2}
    restock(stock, {"apples": 1})
    assert stock == {"apples": 2}


def test_leaves_the_delivery_alone():
    arriving = {"apples": 1}
    restock({"apples": 2}, arriving)
    assert arriving == {"apples": 1}


@pytest.mark.parametrize("have, get", [(0, 1), (1, 1), (5, 2), (2, 5)])
def test_sums(have, get):
    assert restock({"x": have}, {"x": get}) == {"x": have + get}
