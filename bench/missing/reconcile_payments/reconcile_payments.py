def reconcile(invoices, payments):
    """Pairs each invoice with the payments that carry its reference.

    invoices and payments are dicts with 'ref' and 'amount'. Returns a tuple (reference,
    invoiced amount, paid amount) for every invoice/payment pair with the same reference, in
    invoice order and, for one invoice, in payment order.
    """
    matched = []
    for invoice in invoices:
        for payment in payments:
            matched.append((invoice["ref"], invoice["amount"], payment["amount"]))
    return matched


def unpaid(invoices, payments):
    """The references of the invoices that no payment carries, in invoice order."""
    paid = [ref for ref, _, _ in reconcile(invoices, payments)]
    return [invoice["ref"] for invoice in invoices if invoice["ref"] not in paid]
