from hashtags import hashtags, trending


def test_no_tags():
    assert hashtags("plain text, no tags") == []


def test_single_letter_tag():
    assert hashtags("plan #b") == ["b"]


def test_words():
    assert hashtags("off to #Paris for #pycon2024!") == ["paris", "pycon2024"]


def test_repeats():
    assert hashtags("#Python and #python") == ["python"]


def test_trending():
    posts = ["#rust #go", "#go #zig", "#go #rust"]
    assert trending(posts, 2) == ["go", "rust"]
