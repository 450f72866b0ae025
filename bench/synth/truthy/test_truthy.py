from truthy import enabled_features, truthy


def test_yes():
    assert truthy(" YES ")


def test_true_and_on():
    assert truthy("True") and truthy("on")


def test_one():
    assert truthy("1")


def test_false_values():
    assert not any(truthy(v) for v in ["no", "false", "0", "off", ""])


def test_enabled_features():
    settings = {"feature.dark": "1", "feature.beta": "off", "feature.search": "yes", "debug": "true"}
    assert enabled_features(settings) == ["dark", "search"]
