import re


def slug(title):
    """The URL slug of an article title.

    Lower case; every run of characters other than letters and digits becomes a single '-',
    and there is no '-' at either end: 'Hello, World!' -> 'hello-world'.
    """
    words = re.findall(r"[a-z0-9]+", title.lower())
    return "_".join(words)


def article_url(blog, year, title):
    """The address of an article: '/<blog>/<year>/<slug>/'."""
    return f"/{blog}/{year}/{slug(title)}/"
