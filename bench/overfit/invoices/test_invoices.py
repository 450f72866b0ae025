from invoices import first_overdue, total_due


def invoice(number, due):
    return {"number": number, "due": due, "amount": 10}


def test_total():
    assert total_due([invoice(1, 5), invoice(2, 7)]) == 20


def test_no_invoices():
    assert first_overdue([], 10) is None


def test_one_overdue():
    assert first_overdue([invoice(1, 5), invoice(2, 20)], 10)["number"] == 1


def test_due_today_is_not_overdue():
    invoices = [invoice(1, 10), invoice(2, 3), invoice(3, 15)]
    assert first_overdue(invoices, 10)["number"] == 2
