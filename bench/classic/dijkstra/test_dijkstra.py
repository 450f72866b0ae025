from dijkstra import dijkstra


def test_source_only():
    assert dijkstra({}, "s") == [("s", 0)]


def test_chain():
    assert dijkstra({"a": [("b", 2)], "b": [("c", 3)]}, "a") == [("a", 0), ("b", 2), ("c", 5)]


def test_unreachable_nodes_are_left_out():
    assert dijkstra({"a": [("b", 1)], "c": [("a", 1)]}, "a") == [("a", 0), ("b", 1)]


def test_ties_in_name_order():
    assert dijkstra({"s": [("y", 1), ("x", 1)]}, "s") == [("s", 0), ("x", 1), ("y", 1)]


def test_shorter_path_with_more_edges():
    graph = {"a": [("b", 5), ("c", 1)], "c": [("b", 1)]}
    assert dijkstra(graph, "a") == [("a", 0), ("c", 1), ("b", 2)]


def test_nodes_beyond_an_improved_node():
    graph = {
        "a": [("b", 5), ("c", 1)],
        "c": [("b", 1), ("e", 10)],
        "b": [("d", 1)],
        "e": [("f", 1)],
    }
    assert dijkstra(graph, "a") == [("a", 0), ("c", 1), ("b", 2), ("d", 3), ("e", 11), ("f", 12)]
