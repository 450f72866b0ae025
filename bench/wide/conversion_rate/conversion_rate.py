def conversion_rate(visits, purchases):
    """Percentage of visits that ended in a purchase, one decimal; 0.0 without visits."""
    return round(100 * purchases / visits, 1)


def report(stats):
    """'page: 12.5%' lines for a {page: (visits, purchases)} dict, pages in name order."""
    return [f"{page}: {conversion_rate(*stats[page])}%" for page in sorted(stats)]
