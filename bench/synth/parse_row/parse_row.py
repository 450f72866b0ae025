def parse_row(line):
    """One row of a semicolon-separated export: name;age;city, fields stripped."""
    fields = [field.strip() for field in line.rstrip("\n").split(",")]
    if len(fields) != 3:
        raise ValueError(f"expected 3 fields, got {len(fields)}: {line!r}")
    name, age, city = fields
    return {"name": name, "age": int(age), "city": city}


def parse_export(text):
    return [parse_row(line) for line in text.splitlines() if line.strip()]
