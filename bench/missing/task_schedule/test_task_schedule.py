from datetime import date

from task_schedule import due_date, next_task, schedule


def test_due_date():
    assert due_date("pay rent | 01.04.2024") == date(2024, 4, 1)


def test_empty():
    assert schedule([]) == []
    assert next_task([]) is None


def test_already_alphabetical():
    assert schedule(["a report | 02.03.2024", "b review | 09.03.2024"]) == ["a report | 02.03.2024", "b review | 09.03.2024"]


def test_by_date():
    tasks = ["water plants | 12.05.2024", "book flights | 30.05.2024", "call plumber | 03.05.2024"]
    assert schedule(tasks) == ["call plumber | 03.05.2024", "water plants | 12.05.2024", "book flights | 30.05.2024"]


def test_year_matters():
    tasks = ["archive | 15.01.2025", "taxes | 20.12.2024"]
    assert schedule(tasks) == ["taxes | 20.12.2024", "archive | 15.01.2025"]


def test_next_task():
    assert next_task(["renew passport | 01.09.2024", "dentist | 14.08.2024"]) == "dentist | 14.08.2024"
