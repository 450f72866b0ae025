import itertools

import pytest

from invoices import first_overdue


def invoices_due(*days):
    return [{"number": n, "due": day, "amount": 10} for n, day in enumerate(days, start=1)]


def number(found):
    return None if found is None else found["number"]


@pytest.mark.parametrize("days, today, expected", [
    ((5, 20), 10, 1),
    ((10, 3, 15), 10, 2),
    ((1, 2), 10, 1),
    ((10,), 10, None),
    ((10, 10), 10, None),
    ((), 10, None),
    ((11, 12), 10, None),
    ((12, 9, 8), 10, 2),
    ((1, 1), 10, 1),
    ((9, 10, 9), 10, 1),
])
def test_first_overdue(days, today, expected):
    assert number(first_overdue(invoices_due(*days), today)) == expected


def test_every_short_list():
    for n in range(5):
        for days in itertools.product([4, 5, 6], repeat=n):
            expected = next((i + 1 for i, day in enumerate(days) if day < 5), None)
            assert number(first_overdue(invoices_due(*days), 5)) == expected
