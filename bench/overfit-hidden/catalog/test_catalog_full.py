import pytest

from catalog import price_of

CATALOG = [
    {"sku": "A1", "price": 3.5},
    {"sku": "B2", "price": 9.0},
    {"sku": "C3", "price": 1.25},
    {"sku": "B2", "price": 8.5},
    {"sku": "D4", "price": 20.0},
]


@pytest.mark.parametrize("sku, expected", [
    ("A1", 3.5),
    ("B2", 8.5),
    ("C3", 1.25),
    ("D4", 20.0),
])
def test_prices(sku, expected):
    assert price_of(CATALOG, sku) == expected


@pytest.mark.parametrize("catalog, sku, expected", [
    ([{"sku": "A1", "price": 3.5}], "A1", 3.5),
    ([{"sku": "A1", "price": 3.5}, {"sku": "B2", "price": 9.0}], "B2", 9.0),
    ([{"sku": "A1", "price": 3.5}, {"sku": "B2", "price": 9.0}], "A1", 3.5),
    ([{"sku": "X", "price": 1.0}, {"sku": "X", "price": 2.0}, {"sku": "Y", "price": 3.0}], "X", 2.0),
])
def test_small_catalogs(catalog, sku, expected):
    assert price_of(catalog, sku) == expected


def test_missing_raises():
    with pytest.raises(KeyError):
        price_of(CATALOG, "Z9")


def test_empty_catalog_raises():
    with pytest.raises(KeyError):
        price_of([], "A1")
