from rects import intersect


def test_overlap_found():
    assert intersect((0, 0, 4, 4), (2, 2, 4, 4)) is not None


def test_far_apart():
    assert intersect((0, 0, 1, 1), (5, 5, 1, 1)) is None


def test_touching_edges():
    assert intersect((0, 0, 2, 2), (2, 0, 2, 2)) is None
