from path_exists import path_exists


def test_start_is_goal():
    assert path_exists({}, "a", "a")


def test_direct_edge():
    assert path_exists({"a": ["b"]}, "a", "b")


def test_through_a_dag():
    assert path_exists({"a": ["b", "c"], "b": ["d"], "c": ["d"], "d": ["e"]}, "a", "e")


def test_edges_are_directed():
    assert not path_exists({"a": ["b"]}, "b", "a")


def test_goal_behind_a_cycle():
    assert path_exists({"a": ["b", "c"], "b": ["a"], "c": ["d"]}, "a", "d")


def test_unreachable_in_a_cycle():
    assert not path_exists({1: [2], 2: [3], 3: [1], 4: [1]}, 1, 4)
