from form_fields import form_fields, missing_fields


def test_simple():
    assert form_fields("name=Ann&age=31") == {"name": "Ann", "age": "31"}


def test_decoding():
    assert form_fields("name=Ann+Lee&note=50%25+off") == {"name": "Ann Lee", "note": "50% off"}


def test_empty_value():
    assert form_fields("name=Ann+Lee&city=&age=31") == {"name": "Ann Lee", "city": "", "age": "31"}


def test_empty_last_value():
    assert form_fields("q=shoes&page=") == {"q": "shoes", "page": ""}


def test_missing_fields():
    assert missing_fields("name=Ann&city=", ["name", "city", "zip"]) == ["city", "zip"]
