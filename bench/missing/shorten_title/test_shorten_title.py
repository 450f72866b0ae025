from shorten_title import shorten, title_column


def test_long_title():
    assert shorten("The quick brown fox jumps", 16) == "The quick..."


def test_long_single_word():
    assert shorten("Supercalifragilistic", 10) == "Superca..."


def test_short_title_unchanged():
    assert shorten("Weekly report", 20) == "Weekly report"


def test_exact_width_unchanged():
    assert shorten("Budget 2024", 11) == "Budget 2024"


def test_column():
    assert title_column(["Notes", "Meeting minutes of March"], 12) == ["Notes       ", "Meeting...  "]
