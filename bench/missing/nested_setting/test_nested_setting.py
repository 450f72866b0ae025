from nested_setting import int_setting, setting

CONFIG = {"db": {"host": "localhost", "pool": {"size": "8"}}, "debug": False}


def test_top_level():
    assert setting(CONFIG, "debug") is False


def test_nested():
    assert setting(CONFIG, "db.pool.size") == "8"


def test_section():
    assert setting(CONFIG, "db.pool") == {"size": "8"}


def test_missing_key():
    assert setting(CONFIG, "db.port", 5432) == 5432


def test_missing_section():
    assert setting(CONFIG, "cache.ttl") is None


def test_int_setting():
    assert int_setting(CONFIG, "db.pool.size") == 8


def test_int_setting_default():
    assert int_setting(CONFIG, "db.pool.timeout", 30) == 30
