def page_count(total, per_page):
    """Number of pages needed for total items (at least one, even when empty)."""
    return max(1, -(-total // per_page))


def page_slice(items, page, per_page):
    """The items on page number `page` (1-based) with per_page items on each page."""
    if page < 1 or page > page_count(len(items), per_page):
        raise ValueError(f"no page {page}")
    start = page * per_page
    return items[start:start + per_page]
