def column_sum(cells):
    """Sum of the numbers (ints and floats) in a spreadsheet column.

    Text cells, such as the header, a unit or a note, are skipped.
    """
    total = 0
    for cell in cells:
        total += cell
    return total


def column_totals(rows):
    """The sum of every column of `rows` (lists of cells of equal length)."""
    return [column_sum(column) for column in zip(*rows)]
