from order_weight import heaviest_sku, order_weight, parse_line


def test_parse_line():
    assert parse_line(" A1 ; 3 ; 0.5 ") == ("A1", "3", "0.5")


def test_empty_order():
    assert order_weight(["", "  "]) == 0.0


def test_single_line():
    assert order_weight(["A1;4;0.25"]) == 1.0


def test_several_lines():
    assert order_weight(["A1;2;1.5", "", "B7;10;0.125"]) == 4.25


def test_heaviest():
    assert heaviest_sku(["A1;2;1.5", "B7;10;0.125"]) == "A1"
