import re


def bracket_fields(line):
    """The texts inside [...] in a log line, in order (brackets do not nest)."""
    return re.findall(r"\[(.*)\]", line)


def parse_log_line(line):
    """'[LEVEL] [component] message' -> (level, component, message)."""
    fields = bracket_fields(line)
    if len(fields) < 2:
        raise ValueError(f"not a log line: {line!r}")
    message = line[line.index("]", line.index(fields[1])) + 1:].strip()
    return fields[0], fields[1], message
