import pytest

from catalog import price_of


def test_single_entry():
    assert price_of([{"sku": "A1", "price": 3.5}], "A1") == 3.5


def test_missing():
    with pytest.raises(KeyError):
        price_of([{"sku": "A1", "price": 3.5}], "Z9")


def test_second_entry():
    catalog = [{"sku": "A1", "price": 3.5}, {"sku": "B2", "price": 9.0}]
    assert price_of(catalog, "B2") == 9.0
