def parse_command(line):
    """Splits a command line into (command in lower case, arguments); ('', []) when blank."""
    parts = line.split()
    return parts[0].lower(), parts[1:]


def dispatch(line, handlers):
    """Calls the handler named by the line's command with its arguments."""
    command, args = parse_command(line)
    if not command:
        return ""
    if command not in handlers:
        return f"unknown command: {command}"
    return handlers[command](*args)
