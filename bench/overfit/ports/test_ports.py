from ports import parse_port


def test_plain():
    assert parse_port("8080") == 8080


def test_out_of_range():
    assert parse_port("70000") is None


def test_blank():
    assert not parse_port("")
