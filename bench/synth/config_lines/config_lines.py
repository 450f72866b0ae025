def is_ignored(line):
    """Blank lines and comments (starting with '#' or ';') carry no setting."""
    stripped = line.strip()
    return not stripped or stripped[0] == "#"


def parse_settings(text):
    """key = value lines into a dict; anything else that is not ignored is an error."""
    settings = {}
    for number, line in enumerate(text.splitlines(), 1):
        if is_ignored(line):
            continue
        if "=" not in line:
            raise ValueError(f"line {number}: no '='")
        key, value = line.split("=", 1)
        settings[key.strip()] = value.strip()
    return settings
