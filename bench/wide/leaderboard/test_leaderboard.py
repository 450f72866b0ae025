from leaderboard import podium, ranking


def test_empty():
    assert ranking({}) == []


def test_single():
    assert ranking({"zoe": 3}) == [("zoe", 3)]


def test_ties_by_name():
    assert ranking({"bob": 5, "ann": 5}) == [("ann", 5), ("bob", 5)]


def test_by_points():
    assert ranking({"ann": 2, "bob": 9, "cy": 5}) == [("bob", 9), ("cy", 5), ("ann", 2)]


def test_podium():
    assert podium({"ann": 1, "bob": 4, "cy": 3, "dee": 7}) == ["dee", "bob", "cy"]
