def page(items, number, size):
    """(the items on page `number`, counted from 1, and how many pages there are)."""
    start = (number - 1) * size
    pages = len(items) // size
    return items[start:start + size], pages
