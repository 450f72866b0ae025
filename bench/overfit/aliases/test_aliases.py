import pytest

from aliases import resolve


def test_plain_name():
    assert resolve("ls", {}) == "ls"


def test_one_alias():
    assert resolve("ll", {"ll": "ls"}) == "ls"


def test_cycle():
    with pytest.raises(ValueError):
        resolve("a", {"a": "b", "b": "a"})
