def password_problems(username, password, min_length=8):
    """Reasons a new password is refused; an empty list when it is acceptable."""
    problems = []
    if len(password) < min_length:
        problems.append("too short")
    if password.isdigit():
        problems.append("easy to guess")
    if password != password.strip():
        problems.append("leading or trailing space")
    return problems


def acceptable(username, password):
    return not password_problems(username, password)
