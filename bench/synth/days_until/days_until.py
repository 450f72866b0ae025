from datetime import date, datetime


def parse_date(text):
    """A date written 'YYYY-MM-DD' or 'DD.MM.YYYY', surrounding spaces allowed."""
    text = text.strip()
    if "." in text:
        return datetime.strptime(text, "%d.%m.%Y").date()
    return date.fromisoformat(text)


def days_until(deadline, today):
    """Days from today (a date) to the deadline (text); negative once it has passed."""
    return (date.fromisoformat(deadline) - today).days


def overdue(tasks, today):
    return [task["name"] for task in tasks if days_until(task["due"], today) < 0]
