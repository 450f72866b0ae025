def clean_cell(text):
    """A cell's text stripped, with runs of whitespace inside collapsed to one space."""
    return " ".join(text.split())


def read_record(line, columns):
    """A '|'-separated line as a dict of the given columns; missing cells are ''."""
    cells = [cell.strip() for cell in line.split("|")]
    cells += [""] * (len(columns) - len(cells))
    return dict(zip(columns, cells))


def read_table(lines, columns):
    return [read_record(line, columns) for line in lines if line.strip()]
