import pytest

from outline import render


def node(title, *children):
    return {"title": title, "children": list(children)}


@pytest.mark.parametrize("tree, expected", [
    (node("Plan"), ["Plan"]),
    (node("Plan", node("a"), node("b")), ["Plan", "  a", "  b"]),
    (node("Plan", node("a", node("a1"))), ["Plan", "  a", "    a1"]),
    (node("r", node("x", node("y", node("z")))), ["r", "  x", "    y", "      z"]),
    (node("r", node("x", node("y")), node("w")), ["r", "  x", "    y", "  w"]),
    ({"title": "leaf"}, ["leaf"]),
])
def test_render(tree, expected):
    assert render(tree) == expected


@pytest.mark.parametrize("indent", [0, 2, 4, 6])
def test_start_indent(indent):
    tree = node("t", node("c", node("g")))
    pad = " " * indent
    assert render(tree, indent) == [pad + "t", pad + "  c", pad + "    g"]
