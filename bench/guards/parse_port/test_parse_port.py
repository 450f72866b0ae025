from parse_port import address, parse_port


def test_number():
    assert parse_port("8080") == 8080


def test_spaces():
    assert parse_port(" 443 ") == 443


def test_address():
    assert address("example.org:21") == ("example.org", 21)


def test_blank():
    assert parse_port("  ") == 80


def test_address_without_port():
    assert address("example.org:") == ("example.org", 80)
