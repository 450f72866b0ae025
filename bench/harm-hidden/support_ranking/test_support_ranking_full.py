import pytest

from ranking import rank


def test_three_players():
    assert rank({"ann": 9, "bob": 5, "cy": 2}) == ["ann", "bob", "cy"]


def test_given_in_another_order():
    assert rank({"cy": 2, "ann": 9, "bob": 5}) == ["ann", "bob", "cy"]


def test_one_player():
    assert rank({"dee": 4}) == ["dee"]


def test_nobody():
    assert rank({}) == []


def test_tie_in_name_order():
    assert rank({"bob": 5, "ann": 5}) == ["ann", "bob"]


def test_tie_below_a_leader():
    assert rank({"cy": 9, "bob": 5, "ann": 5}) == ["cy", "ann", "bob"]


def test_tie_above_a_trailer():
    assert rank({"cy": 1, "bob": 7, "ann": 7}) == ["ann", "bob", "cy"]


def test_negative_scores():
    assert rank({"a": -1, "b": -5, "c": 0}) == ["c", "a", "b"]


def test_two_players():
    assert rank({"x": 1, "y": 2}) == ["y", "x"]


@pytest.mark.parametrize("n", range(1, 6))
def test_best_is_first(n):
    scores = {f"p{i}": i for i in range(n)}
    assert rank(scores)[0] == f"p{n - 1}"
