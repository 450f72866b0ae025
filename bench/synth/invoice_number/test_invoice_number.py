from invoice_number import invoice_number, next_invoice, parse_invoice_number


def test_six_digit_sequence():
    assert invoice_number("INV", 2024, 123456) == "INV-2024-123456"


def test_padded_sequence():
    assert invoice_number("INV", 2024, 42) == "INV-2024-000042"


def test_prefix_upper_cased():
    assert invoice_number("cr", 2023, 100000) == "CR-2023-100000"


def test_first_invoice_of_year():
    assert next_invoice("INV", 2025, 0) == "INV-2025-000001"


def test_round_trip():
    assert parse_invoice_number(invoice_number("inv", 2024, 7)) == ("INV", 2024, 7)


def test_long_sequence_kept():
    assert invoice_number("INV", 2024, 1234567) == "INV-2024-1234567"
