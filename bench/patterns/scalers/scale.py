def scalers(factors):
    """One function per factor, each multiplying its argument by that factor."""
    return [lambda x: x * factor for factor in factors]


def apply_all(functions, value):
    return [f(value) for f in functions]
