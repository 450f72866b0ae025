from connected_components import connected_components


def test_no_nodes():
    assert connected_components([], []) == []


def test_no_edges():
    assert connected_components([3, 1, 2], []) == [[1], [2], [3]]


def test_single_edge():
    assert connected_components(["a", "b", "c"], [("a", "b")]) == [["a", "b"], ["c"]]


def test_chain():
    assert connected_components([1, 2, 3, 4], [(1, 2), (2, 3), (3, 4)]) == [[1, 2, 3, 4]]


def test_star():
    assert connected_components([1, 2, 3, 4], [(1, 2), (1, 3), (1, 4)]) == [[1, 2, 3, 4]]


def test_two_groups_joined_late():
    edges = [(1, 2), (3, 4), (5, 6), (2, 4)]
    assert connected_components([1, 2, 3, 4, 5, 6], edges) == [[1, 2, 3, 4], [5, 6]]


def test_many_edges():
    edges = [(i, i + 3) for i in range(9)] + [(1, 2)]
    assert connected_components(list(range(12)), edges) == [[0, 3, 6, 9], [1, 2, 4, 5, 7, 8, 10, 11]]
