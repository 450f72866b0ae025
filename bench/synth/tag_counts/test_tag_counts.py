from tag_counts import normalize_tags, tag_counts


def test_simple_tags():
    assert normalize_tags("python,web") == ["python", "web"]


def test_spaces_and_empty_parts():
    assert normalize_tags(" python , , web ,") == ["python", "web"]


def test_mixed_case_tag():
    assert normalize_tags("Python, SQL") == ["python", "sql"]


def test_no_tags():
    assert tag_counts([{"title": "untagged"}]) == {}


def test_counts_across_posts():
    posts = [{"tags": "python, web"}, {"tags": "Web,API"}, {"tags": "python"}]
    assert tag_counts(posts) == {"python": 2, "web": 2, "api": 1}
