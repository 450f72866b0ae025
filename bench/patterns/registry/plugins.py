def register(name, handler, table={}):
    """A table of handlers by name: `table` with `name` mapped to `handler`."""
    table[name] = handler
    return table


def names(table):
    return sorted(table)
