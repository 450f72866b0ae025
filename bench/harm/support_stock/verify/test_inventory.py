from fixtures import delivery, shelf
from inventory import restock, total


def test_adds_the_delivery():
    assert restock(shelf(apples=2, pears=1), delivery(apples=3)) == shelf(apples=5, pears=1)


def test_empty_delivery():
    assert restock(shelf(apples=2), delivery()) == shelf(apples=2)


def test_total():
    assert total(shelf(apples=2, pears=3)) == 5
