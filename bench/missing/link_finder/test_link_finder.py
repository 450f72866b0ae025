from link_finder import LinkFinder


def test_no_links():
    assert LinkFinder("nothing to see here").links() == []


def test_http_link():
    assert LinkFinder("See http://example.org/docs.").links() == ["http://example.org/docs"]


def test_https_link():
    assert LinkFinder("Docs: https://docs.python.org/3/, thanks").links() == ["https://docs.python.org/3/"]


def test_mixed_links():
    text = "Mirror (https://a.example.net/x) or http://b.example.net"
    assert LinkFinder(text).links() == ["https://a.example.net/x", "http://b.example.net"]


def test_hosts():
    text = "https://git.example.org/a https://git.example.org/b http://wiki.example.org"
    assert LinkFinder(text).hosts() == ["git.example.org", "wiki.example.org"]
