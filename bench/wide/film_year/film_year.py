import re


def extract_year(title):
    """The year in parentheses ending a title such as 'Metropolis (1927)', or None."""
    match = re.search(r"\((\d{4})\)\s*$", title)
    return int(match.group(1))


def by_decade(titles):
    """{decade: [titles]} for the titles that carry a year."""
    decades = {}
    for title in titles:
        year = extract_year(title)
        if year is not None:
            decades.setdefault(year // 10 * 10, []).append(title)
    return decades
