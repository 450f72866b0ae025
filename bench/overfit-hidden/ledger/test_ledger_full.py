import pytest

from ledger import final_balance


@pytest.mark.parametrize("opening, amounts, expected", [
    (0, [50], 50),
    (20, [-20, 20], 20),
    (100, [-30, 5], 75),
    (10, [], 10),
    (0, [1, 2, 3], 6),
    (0, [5, -5], 0),
    (-5, [10], 5),
    (7, [0], 7),
    (1000, [-1, -2, -3, -4], 990),
    (0, [30, 20, -40], 10),
])
def test_final_balance(opening, amounts, expected):
    assert final_balance(opening, amounts) == expected


def test_matches_sum():
    for n in range(8):
        amounts = [(i * 37) % 11 - 5 for i in range(n)]
        assert final_balance(3, amounts) == 3 + sum(amounts)
