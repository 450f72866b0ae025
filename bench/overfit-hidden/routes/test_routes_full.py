import itertools

import pytest

from routes import find_path


def reachable(graph, start, goal):
    todo, seen = [start], {start}
    while todo:
        node = todo.pop()
        if node == goal:
            return True
        for nxt in graph.get(node, []):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


def check(graph, start, goal):
    path = find_path(graph, start, goal)
    if not reachable(graph, start, goal):
        assert path is None
        return
    assert path is not None and path[0] == start and path[-1] == goal
    assert len(set(path)) == len(path)
    for a, b in zip(path, path[1:]):
        assert b in graph.get(a, [])


@pytest.mark.parametrize("graph, start, goal, expected", [
    ({"a": ["b"]}, "a", "b", ["a", "b"]),
    ({"a": ["b"], "b": ["c"]}, "a", "c", ["a", "b", "c"]),
    ({"a": ["b"], "b": []}, "a", "c", None),
    ({"a": ["b", "c"], "b": [], "c": ["d"]}, "a", "d", ["a", "c", "d"]),
    ({"a": ["b"], "b": ["a"]}, "a", "c", None),
    ({"a": ["b"], "b": ["a", "c"]}, "a", "c", ["a", "b", "c"]),
    ({}, "x", "x", ["x"]),
    ({"a": ["a"]}, "a", "b", None),
])
def test_paths(graph, start, goal, expected):
    assert find_path(graph, start, goal) == expected


def test_every_small_graph():
    nodes = "abc"
    pairs = [(x, y) for x in nodes for y in nodes if x != y]
    for mask in range(1 << len(pairs)):
        graph = {n: [] for n in nodes}
        for bit, (x, y) in enumerate(pairs):
            if mask >> bit & 1:
                graph[x].append(y)
        for start, goal in itertools.product(nodes, nodes):
            check(graph, start, goal)


def test_long_chain():
    graph = {i: [i + 1] for i in range(50)}
    assert find_path(graph, 0, 50) == list(range(51))
