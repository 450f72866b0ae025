from shelf import price_tag, shelf_label


def test_price_tag():
    assert price_tag(350) == "$3.50"


def test_available():
    assert shelf_label({"in_stock": True, "reserved": False}) == "sale"


def test_out_of_stock_and_reserved():
    assert shelf_label({"in_stock": False, "reserved": True}) == "hold"
