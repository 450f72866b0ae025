from outline import render


def test_single_node():
    assert render({"title": "Plan"}) == ["Plan"]


def test_children_indented():
    tree = {"title": "Plan", "children": [{"title": "a"}, {"title": "b"}]}
    assert render(tree) == ["Plan", "  a", "  b"]
