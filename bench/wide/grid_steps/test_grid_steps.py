from grid_steps import shortest_steps


def test_same_cell():
    assert shortest_steps(["..", ".."], (0, 0), (0, 0)) == 0


def test_straight_line():
    assert shortest_steps(["...."], (0, 0), (0, 3)) == 3


def test_around_a_wall():
    grid = ["...",
            "##.",
            "..."]
    assert shortest_steps(grid, (0, 0), (2, 0)) == 6


def test_blocked():
    grid = [".#.",
            ".#.",
            ".#."]
    assert shortest_steps(grid, (0, 0), (2, 2)) == -1


def test_goal_is_wall():
    assert shortest_steps(["..#"], (0, 0), (0, 2)) == -1
