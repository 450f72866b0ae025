from expected import standings
from ranking import rank


def test_three_players():
    scores, order = standings(("ann", 9), ("bob", 5), ("cy", 2))
    assert rank(scores) == order


def test_one_player():
    scores, order = standings(("dee", 4))
    assert rank(scores) == order


def test_nobody():
    assert rank({}) == []
