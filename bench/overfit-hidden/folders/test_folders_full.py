import pytest

from folders import list_tree

TREE = {"a": {"b": {"c": {"d": {"e.txt": 1}}}}, "top.txt": 1}


def reference(tree, max_depth, depth=0):
    out = []
    for name in sorted(tree):
        out.append(name)
        if isinstance(tree[name], dict) and depth < max_depth:
            out.extend(name + "/" + sub for sub in reference(tree[name], max_depth, depth + 1))
    return out


@pytest.mark.parametrize("max_depth", [0, 1, 2, 3, 4, 5, 10])
def test_deep_tree(max_depth):
    assert list_tree(TREE, max_depth) == reference(TREE, max_depth)


def test_two_levels():
    assert list_tree(TREE, 2) == ["a", "a/b", "a/b/c", "top.txt"]


def test_three_levels():
    assert list_tree(TREE, 3) == ["a", "a/b", "a/b/c", "a/b/c/d", "top.txt"]


def test_wide_tree():
    tree = {"x": {"1": {"deep": {}}, "2": 0}, "y": {"3": {"deeper": {"z": 0}}}}
    for depth in range(5):
        assert list_tree(tree, depth) == reference(tree, depth)


def test_empty():
    assert list_tree({}, 3) == []
