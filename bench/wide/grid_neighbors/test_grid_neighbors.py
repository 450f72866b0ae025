from grid_neighbors import is_local_max, neighbors

SQUARE = [[1, 2, 3],
          [4, 9, 6],
          [7, 8, 5]]


def test_square_center():
    assert sorted(neighbors(SQUARE, 1, 1)) == [2, 4, 6, 8]


def test_square_corner():
    assert sorted(neighbors(SQUARE, 0, 0)) == [2, 4]


def test_local_max_square():
    assert is_local_max(SQUARE, 1, 1)
    assert not is_local_max(SQUARE, 2, 2)


def test_wide_grid():
    assert neighbors([[1, 5, 2]], 0, 0) == [5]


def test_tall_grid():
    assert neighbors([[1], [5], [2]], 0, 0) == [5]


def test_local_max_wide():
    assert not is_local_max([[1, 5, 2]], 0, 0)
