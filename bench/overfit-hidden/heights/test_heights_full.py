import itertools

import pytest

import heights
from heights import is_symmetric


@pytest.mark.parametrize("profile, expected", [
    ([], True), ([5.0], True), ([1.0, 2.0, 2.0, 1.0], True), ([1.0, 2.0, 3.0, 1.0], False),
    ([1.0, 2.0], False), ([1.0, 1.005], True), ([1, 2, 3, 2, 1], True), ([1, 2, 3, 4, 1], False),
])
def test_symmetric(profile, expected):
    assert is_symmetric(profile) == expected


def test_every_short_profile():
    for n in range(7):
        for profile in itertools.product([0, 1], repeat=n):
            assert is_symmetric(list(profile)) == (list(profile) == list(profile)[::-1])


@pytest.mark.parametrize("n", [4, 5, 10, 101, 1000])
def test_each_pair_compared_once(monkeypatch, n):
    calls = []
    original = heights.close

    def counting(a, b, tol):
        calls.append((a, b))
        return original(a, b, tol)

    monkeypatch.setattr(heights, "close", counting)
    profile = [min(i, n - 1 - i) for i in range(n)]
    assert is_symmetric(profile)
    assert len(calls) <= n // 2 + 1
