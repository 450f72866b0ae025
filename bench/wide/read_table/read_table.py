def split_row(line):
    return [cell.strip() for cell in line.split(",")]


def read_table(text):
    """Parses CSV text whose first line is a header into a list of dicts; blank lines are skipped."""
    rows = [split_row(line) for line in text.splitlines() if line.strip()]
    if not rows:
        return []
    header = rows[0]
    return [dict(zip(header, row)) for row in rows]
