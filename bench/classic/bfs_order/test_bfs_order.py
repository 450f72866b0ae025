from bfs_order import bfs_order


def test_isolated_start():
    assert bfs_order({}, "a") == ["a"]


def test_chain():
    assert bfs_order({"a": ["b"], "b": ["c"], "c": []}, "a") == ["a", "b", "c"]


def test_star():
    assert bfs_order({"a": ["b", "c", "d"]}, "a") == ["a", "b", "c", "d"]


def test_cycle_visits_each_node_once():
    assert bfs_order({1: [2], 2: [3], 3: [1]}, 2) == [2, 3, 1]


def test_levels_come_in_order():
    tree = {1: [2, 3], 2: [4, 5], 3: [6, 7]}
    assert bfs_order(tree, 1) == [1, 2, 3, 4, 5, 6, 7]


def test_level_order_in_a_grid():
    grid = {"00": ["01", "10"], "01": ["11"], "10": ["20"], "11": ["21"], "20": [], "21": []}
    assert bfs_order(grid, "00") == ["00", "01", "10", "11", "20", "21"]
