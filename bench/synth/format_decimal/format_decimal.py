def format_decimal(value, places=3):
    """value with up to `places` decimals, trailing zeros (and a bare dot) removed."""
    text = f"{value:.{places}f}"
    if "." in text:
        text = text.lstrip("0").rstrip(".")
    return text


def format_amounts(values):
    return ", ".join(format_decimal(v) for v in values)
