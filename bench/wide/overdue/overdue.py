def days_overdue(due, today):
    """Days past the due date; 0 if not yet due or if there is no due date (None)."""
    return max((today - due).days, 0)


def overdue_tasks(tasks, today):
    """Names of the tasks past their due date, most overdue first."""
    late = [(days_overdue(task["due"], today), task["name"]) for task in tasks]
    return [name for days, name in sorted(late, key=lambda pair: -pair[0]) if days > 0]
