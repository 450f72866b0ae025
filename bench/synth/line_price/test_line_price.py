from decimal import Decimal

from line_price import invoice_total, line_price, money


def test_money_half_up():
    assert money(Decimal("2.345")) == Decimal("2.35")


def test_no_vat():
    assert line_price("2.50", 3, "0") == Decimal("7.50")


def test_vat_rounded():
    assert str(line_price("1.99", 3, "0.19")) == "7.10"


def test_half_cent_up():
    assert str(line_price("0.25", 1, "0.1")) == "0.28"


def test_total():
    assert str(invoice_total([("1.99", 3), ("0.25", 1)], "0.19")) == "7.40"
