import pytest

from settings import merge_settings


@pytest.mark.parametrize("defaults, layers, expected", [
    ({"theme": "light"}, [{"theme": "dark"}], {"theme": "dark"}),
    ({"theme": "light", "size": 12}, [{"size": 14}], {"theme": "light", "size": 14}),
    ({"theme": "light"}, [], {"theme": "light"}),
    ({"theme": "light"}, [{"theme": None}], {"theme": "light"}),
    ({"a": 1}, [{"a": 2}, {"a": 3}], {"a": 3}),
    ({"a": 1}, [{"a": 2}, {"b": 3}], {"a": 2, "b": 3}),
    ({"a": 1}, [{"b": 2}, {"a": None}], {"a": 1, "b": 2}),
    ({}, [{"x": 0}], {"x": 0}),
    ({"x": 1, "y": 2}, [{}, {"y": 5}, {}], {"x": 1, "y": 5}),
    ({"x": 1}, [{"x": 2}, {}], {"x": 2}),
])
def test_merge(defaults, layers, expected):
    assert merge_settings(defaults, layers) == expected


def test_result_is_a_new_dict():
    defaults = {"a": 1}
    merged = merge_settings(defaults, [{"a": 2}])
    merged["a"] = 9
    assert defaults == {"a": 1}
