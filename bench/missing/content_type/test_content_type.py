from content_type import content_type, is_json


def test_no_header():
    assert content_type(["Host: example.org", "Accept: */*"]) == "application/octet-stream"


def test_no_headers_at_all():
    assert not is_json([])


def test_usual_spelling():
    assert content_type(["Host: example.org", "Content-Type: text/html; charset=utf-8"]) == "text/html"


def test_lower_case_header():
    assert content_type(["content-type: Application/JSON"]) == "application/json"


def test_is_json():
    assert is_json(["Content-Length: 2", "CONTENT-TYPE: application/json"])
