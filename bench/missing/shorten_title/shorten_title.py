def shorten(title, width):
    """`title` fitted into `width` characters for a list view.

    A title that fits is returned unchanged. A longer one is cut to leave room for '...',
    back to the last space when there is one (so no word is cut in half), and gets '...'.
    """
    cut = title[: width - 3]
    if " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut + "..."


def title_column(titles, width):
    """Every title shortened to `width` and padded with spaces to exactly that width."""
    return [shorten(title, width).ljust(width) for title in titles]
