from folders import list_tree


def test_flat():
    assert list_tree({"b.txt": 2, "a.txt": 1}, 1) == ["a.txt", "b.txt"]


def test_depth_zero():
    assert list_tree({"src": {"x.py": 1}}, 0) == ["src"]


def test_one_level():
    tree = {"src": {"lib": {"x.py": 1}}, "README": 1}
    assert list_tree(tree, 1) == ["README", "src", "src/lib"]
