from shortest_path import shortest_path


def test_start_is_goal():
    assert shortest_path({"a": ["b"]}, "a", "a") == ["a"]


def test_unreachable():
    assert shortest_path({"a": ["b"], "c": ["a"]}, "a", "c") is None


def test_direct_edge():
    assert shortest_path({"a": ["b"]}, "a", "b") == ["a", "b"]


def test_fewest_edges_win():
    graph = {"a": ["b", "e"], "b": ["c"], "c": ["d"], "e": ["d"]}
    assert shortest_path(graph, "a", "d") == ["a", "e", "d"]


def test_cycle_on_the_way():
    graph = {1: [2], 2: [1, 3], 3: [4]}
    assert shortest_path(graph, 1, 4) == [1, 2, 3, 4]
