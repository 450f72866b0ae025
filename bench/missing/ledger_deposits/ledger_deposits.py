def parse_entry(line):
    """'2024-03-01 +120.50 salary' -> ('2024-03-01', 120.5, 'salary')."""
    day, amount, memo = line.split(" ", 2)
    return day, float(amount), memo


def deposits(lines):
    """Total of the money paid in (the positive amounts) over the ledger lines, rounded to cents."""
    total = 0.0
    for line in lines:
        _, amount, _ = parse_entry(line)
        total += amount
    return round(total, 2)


def withdrawals(lines):
    """Total of the money paid out (the negative amounts), as a positive number rounded to cents."""
    return round(sum(-amount for _, amount, _ in map(parse_entry, lines) if amount < 0), 2)
