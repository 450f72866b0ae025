from average_rating import average_rating, summary


def test_mean():
    assert average_rating([4, 5, 3]) == 4.0


def test_rounding():
    assert average_rating([5, 4, 4]) == 4.3


def test_summary():
    assert summary({"lamp": [3, 4], "desk": [5]}) == ["desk: 5.0", "lamp: 3.5"]


def test_unrated():
    assert average_rating([]) == 0.0


def test_summary_with_unrated():
    assert summary({"new": [], "old": [2]}) == ["old: 2.0", "new: 0.0"]
