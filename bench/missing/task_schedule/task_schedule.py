from datetime import date


def due_date(task):
    """The due date of a task line 'title | DD.MM.YYYY'."""
    day, month, year = task.split("|")[1].strip().split(".")
    return date(int(year), int(month), int(day))


def schedule(tasks):
    """The task lines ordered by due date, earliest first; tasks due the same day keep their order."""
    return sorted(tasks)


def next_task(tasks):
    """The task line due first, or None when there are no tasks."""
    ordered = schedule(tasks)
    return ordered[0] if ordered else None
