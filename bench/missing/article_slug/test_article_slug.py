from article_slug import article_url, slug


def test_single_word():
    assert slug("Changelog") == "changelog"


def test_punctuation_only_edges():
    assert slug("  (Draft)  ") == "draft"


def test_words():
    assert slug("Hello, World!") == "hello-world"


def test_digits_and_runs():
    assert slug("Top 10   tips -- for 2024") == "top-10-tips-for-2024"


def test_article_url():
    assert article_url("dev", 2024, "Why we moved to Python 3") == "/dev/2024/why-we-moved-to-python-3/"


def test_article_url_one_word():
    assert article_url("news", 2023, "Release") == "/news/2023/release/"
