from settings import merge_settings


def test_override():
    assert merge_settings({"theme": "light"}, [{"theme": "dark"}]) == {"theme": "dark"}


def test_same_values_change_nothing():
    settings = {"theme": "light", "size": 12}
    assert merge_settings(settings, [{"theme": "light", "size": 12}]) == settings


def test_defaults_left_alone():
    defaults = {"size": 12}
    merge_settings(defaults, [{"size": 14}])
    assert defaults == {"size": 12}
