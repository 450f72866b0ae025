import itertools

import pytest

from undo import is_reversed


@pytest.mark.parametrize("log, replay, expected", [
    ([], [], True),
    (["a"], ["a"], True),
    (["a"], ["b"], False),
    (["a", "b"], ["b", "a"], True),
    (["a", "b"], ["a", "b"], False),
    (["a", "b", "c"], ["c", "b", "a"], True),
    (["a", "b", "c"], ["x", "b", "a"], False),
    (["a", "b", "c"], ["c", "x", "a"], False),
    (["a", "b"], ["b"], False),
])
def test_is_reversed(log, replay, expected):
    assert is_reversed(log, replay) == expected


def test_every_short_pair():
    for n in range(4):
        for log in itertools.product("xy", repeat=n):
            for replay in itertools.product("xy", repeat=n):
                assert is_reversed(list(log), list(replay)) == (list(log) == list(replay)[::-1])
