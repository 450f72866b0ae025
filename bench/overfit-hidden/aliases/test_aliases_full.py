import pytest

from aliases import resolve


@pytest.mark.parametrize("name, aliases, expected", [
    ("ls", {}, "ls"),
    ("ll", {"ll": "ls"}, "ls"),
    ("la", {"la": "ll", "ll": "ls"}, "ls"),
    ("a", {"a": "b", "b": "c", "c": "d"}, "d"),
    ("x", {"a": "b"}, "x"),
    ("b", {"a": "b", "b": "c"}, "c"),
    ("gs", {"gs": "git status", "git status": "git-status"}, "git-status"),
])
def test_resolve(name, aliases, expected):
    assert resolve(name, aliases) == expected


@pytest.mark.parametrize("name, aliases", [
    ("a", {"a": "a"}),
    ("a", {"a": "b", "b": "a"}),
    ("a", {"a": "b", "b": "c", "c": "b"}),
    ("x", {"x": "a", "a": "b", "b": "x"}),
])
def test_cycles(name, aliases):
    with pytest.raises(ValueError):
        resolve(name, aliases)
