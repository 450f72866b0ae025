import pytest

from topological_sort import topological_sort


def test_empty():
    assert topological_sort({}) == []


def test_no_edges_sorted_by_name():
    assert topological_sort({"c": [], "a": [], "b": []}) == ["a", "b", "c"]


def test_chain():
    assert topological_sort({"a": ["b"], "b": ["c"]}) == ["a", "b", "c"]


def test_diamond():
    graph = {"shirt": ["tie"], "tie": ["jacket"], "trousers": ["shoes", "jacket"], "socks": ["shoes"]}
    assert topological_sort(graph) == ["shirt", "socks", "tie", "trousers", "jacket", "shoes"]


def test_cycle_is_rejected():
    with pytest.raises(ValueError):
        topological_sort({1: [2], 2: [3], 3: [1]})


def test_node_with_three_predecessors():
    graph = {"a": ["d"], "b": ["d"], "c": ["d"], "d": ["e"]}
    assert topological_sort(graph) == ["a", "b", "c", "d", "e"]
