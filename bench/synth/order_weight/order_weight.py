def parse_line(line):
    """'sku;qty;kg per unit' -> (sku, qty text, kg per unit text)."""
    sku, qty, weight = (part.strip() for part in line.split(";"))
    return sku, qty, weight


def order_weight(lines):
    """Total weight in kg of an order given as 'sku;qty;kg per unit' lines (blank lines skipped)."""
    total = 0.0
    for line in lines:
        if not line.strip():
            continue
        sku, qty, weight = parse_line(line)
        total += qty * float(weight)
    return round(total, 3)


def heaviest_sku(lines):
    rows = [parse_line(line) for line in lines if line.strip()]
    return max(rows, key=lambda row: float(row[2]))[0] if rows else None
