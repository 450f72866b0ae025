import pytest

from stairs import count_ways


def reference(n):
    a, b = 1, 1
    for _ in range(n):
        a, b = b, a + b
    return a


@pytest.mark.parametrize("n", list(range(0, 16)))
def test_count(n):
    assert count_ways(n) == reference(n)


def test_known_values():
    assert [count_ways(n) for n in range(4, 9)] == [5, 8, 13, 21, 34]
