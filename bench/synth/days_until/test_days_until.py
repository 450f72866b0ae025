from datetime import date

from days_until import days_until, overdue, parse_date

TODAY = date(2024, 3, 1)


def test_parse_dotted():
    assert parse_date("05.03.2024") == date(2024, 3, 5)


def test_iso_deadline():
    assert days_until("2024-03-11", TODAY) == 10


def test_past_deadline():
    assert days_until("2024-02-28", TODAY) == -2


def test_dotted_deadline():
    assert days_until("15.03.2024", TODAY) == 14


def test_overdue():
    tasks = [{"name": "tax", "due": " 2024-02-01"}, {"name": "rent", "due": "01.04.2024"}]
    assert overdue(tasks, TODAY) == ["tax"]
