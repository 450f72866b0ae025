from datetime import date

from overdue import days_overdue, overdue_tasks

TODAY = date(2024, 3, 10)


def test_late():
    assert days_overdue(date(2024, 3, 1), TODAY) == 9


def test_not_yet_due():
    assert days_overdue(date(2024, 4, 1), TODAY) == 0


def test_overdue_tasks():
    tasks = [{"name": "a", "due": date(2024, 3, 9)}, {"name": "b", "due": date(2024, 3, 1)}]
    assert overdue_tasks(tasks, TODAY) == ["b", "a"]


def test_no_due_date():
    assert days_overdue(None, TODAY) == 0


def test_overdue_with_undated():
    tasks = [{"name": "x", "due": None}, {"name": "y", "due": date(2024, 3, 8)}]
    assert overdue_tasks(tasks, TODAY) == ["y"]
