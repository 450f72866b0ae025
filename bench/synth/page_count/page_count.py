def page_count(total_items, per_page):
    """Pages needed to show total_items items, per_page to a page (at least one page)."""
    if total_items <= 0:
        return 1
    return total_items // per_page


def page_label(page, total_items, per_page):
    return f"page {page} of {page_count(total_items, per_page)}"


def page_of(index, per_page):
    """The 1-based page that shows the item at 0-based `index`."""
    return index // per_page + 1
