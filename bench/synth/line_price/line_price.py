from decimal import ROUND_HALF_UP, Decimal


def money(amount):
    """amount rounded half up to whole cents."""
    return Decimal(amount).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def line_price(unit_price, qty, vat_rate):
    """Price of an invoice line with VAT, in cents-rounded Decimal (prices given as text)."""
    return Decimal(unit_price) * qty * (1 + Decimal(vat_rate))


def invoice_total(lines, vat_rate):
    return sum((line_price(price, qty, vat_rate) for price, qty in lines), Decimal("0.00"))
