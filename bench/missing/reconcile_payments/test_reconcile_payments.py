from reconcile_payments import reconcile, unpaid


def inv(ref, amount):
    return {"ref": ref, "amount": amount}


def test_one_invoice_one_payment():
    assert reconcile([inv("A1", 100)], [inv("A1", 100)]) == [("A1", 100, 100)]


def test_no_payments():
    assert reconcile([inv("A1", 100)], []) == []


def test_two_invoices_two_payments():
    invoices = [inv("A1", 100), inv("B2", 40)]
    payments = [inv("B2", 40), inv("A1", 90)]
    assert reconcile(invoices, payments) == [("A1", 100, 90), ("B2", 40, 40)]


def test_split_payment():
    invoices = [inv("C3", 50), inv("D4", 10)]
    payments = [inv("C3", 20), inv("X9", 5), inv("C3", 30)]
    assert reconcile(invoices, payments) == [("C3", 50, 20), ("C3", 50, 30)]


def test_unpaid():
    invoices = [inv("A1", 100), inv("B2", 40), inv("C3", 7)]
    assert unpaid(invoices, [inv("B2", 40)]) == ["A1", "C3"]


def test_nothing_unpaid_without_invoices():
    assert unpaid([], [inv("A1", 5)]) == []
