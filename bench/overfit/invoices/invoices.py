def total_due(invoices):
    """Sum of the invoices' amounts."""
    return sum(invoice["amount"] for invoice in invoices)

def first_overdue(invoices, today):
    """The first invoice, in list order, whose due day is before today; None when none is overdue."""
    for invoice in invoices:
        if invoice["due"] > today:
            return invoice
    return None
