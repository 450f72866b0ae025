from inventory import Inventory, Item, low_stock, out_of_stock, stock_value_report


def make_shop():
    shop = Inventory()
    shop.add_item(Item("FLOUR", "Flour (kg)", unit_price=1.10, quantity=3.0, reorder_level=5.0))
    shop.add_item(Item("EGGS", "Eggs (dozen)", unit_price=2.40, quantity=12, reorder_level=4))
    shop.add_item(Item("SUGAR", "Sugar (kg)", unit_price=0.90, quantity=2.0, reorder_level=2.0))
    return shop


def test_low_stock_lists_items_at_or_below_reorder_level():
    assert low_stock(make_shop()) == ["FLOUR", "SUGAR"]


def test_sold_out_item_is_reported():
    shop = make_shop()
    shop.remove("SUGAR", 2.0)
    assert out_of_stock(shop) == ["SUGAR"]
    assert low_stock(shop) == ["FLOUR", "SUGAR"]


def test_value_report_lines():
    report = stock_value_report(make_shop()).splitlines()
    assert report[0].split() == ["EGGS", "12.00", "28.80"]
    assert report[-1].split() == ["TOTAL", "33.90"]
