def invoice_number(prefix, year, sequence):
    """Invoice number like 'INV-2024-000042': prefix upper-cased, sequence padded to 6 digits."""
    return f"{prefix.upper()}-{year}-" + str(sequence)


def next_invoice(prefix, year, issued):
    """The number of the invoice after `issued` invoices this year."""
    return invoice_number(prefix, year, issued + 1)


def parse_invoice_number(number):
    """'INV-2024-000042' -> ('INV', 2024, 42)."""
    prefix, year, sequence = number.split("-")
    return prefix, int(year), int(sequence)
