from setting import port, setting


def test_present():
    assert setting({"mode": "fast"}, "mode", "slow") == "fast"


def test_falsy_value_kept():
    assert setting({"retries": 0}, "retries", 3) == 0


def test_port():
    assert port({"port": "9000"}) == 9000


def test_missing_key():
    assert setting({}, "mode", "slow") == "slow"


def test_port_default():
    assert port({"mode": "fast"}) == 8080
