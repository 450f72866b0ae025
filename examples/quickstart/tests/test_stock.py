import pytest

from inventory import InsufficientStock, Inventory, Item, UnknownItem


@pytest.fixture
def pantry():
    inventory = Inventory()
    inventory.add_item(Item("RICE", "Basmati rice (kg)", unit_price=3.20, quantity=10.0, reorder_level=4.0))
    inventory.add_item(Item("OIL", "Olive oil (bottle)", unit_price=8.50, quantity=6, reorder_level=2))
    return inventory


def test_receive_adds_to_stock(pantry):
    assert pantry.receive("OIL", 4) == 10
    assert pantry.get("OIL").quantity == 10


def test_remove_part_of_stock(pantry):
    assert pantry.remove("RICE", 2.5) == pytest.approx(7.5)


def test_remove_entire_stock(pantry):
    assert pantry.remove("OIL", 6) == 0
    assert pantry.get("OIL").quantity == 0


def test_remove_more_than_on_hand_is_refused(pantry):
    with pytest.raises(InsufficientStock):
        pantry.remove("RICE", 10.5)
    assert pantry.get("RICE").quantity == 10.0


def test_remove_rejects_non_positive_quantity(pantry):
    with pytest.raises(ValueError):
        pantry.remove("OIL", 0)


def test_unknown_sku(pantry):
    with pytest.raises(UnknownItem):
        pantry.remove("SALT", 1)


def test_duplicate_sku_is_refused(pantry):
    with pytest.raises(ValueError):
        pantry.add_item(Item("OIL", "Another oil", unit_price=1.0))


def test_total_value(pantry):
    assert pantry.total_value() == 83.00
