from versions import latest_version, parse_version


def test_parse():
    assert parse_version("v1.10.2") == (1, 10, 2)


def test_latest_of_two():
    assert latest_version(["v1.0.0", "v1.2.0"]) == "v1.2.0"
