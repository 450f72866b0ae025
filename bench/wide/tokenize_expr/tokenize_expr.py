def read_number(text, pos):
    """Reads the digits starting at pos; returns (value, position after them)."""
    start = pos
    while text[pos].isdigit():
        pos += 1
    if pos == start:
        raise ValueError(f"expected a digit at {pos}")
    return int(text[start:pos]), pos


def tokenize(expr):
    """Splits '12+3*45' into [12, '+', 3, '*', 45]; spaces are skipped."""
    tokens = []
    pos = 0
    while pos < len(expr):
        ch = expr[pos]
        if ch.isspace():
            pos += 1
        elif ch.isdigit():
            value, pos = read_number(expr, pos)
            tokens.append(value)
        else:
            tokens.append(ch)
            pos += 1
    return tokens
