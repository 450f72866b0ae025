def column_total(rows, column):
    """Sum of a column of numbers read from a spreadsheet (cells are text; blank cells count as 0)."""
    total = 0
    for row in rows:
        cell = row[column].strip()
        if cell:
            total += cell
    return total
