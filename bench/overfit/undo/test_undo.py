from undo import is_reversed, undo_order


def test_undo_order():
    assert undo_order(["cut", "paste"]) == ["paste", "cut"]


def test_lengths_differ():
    assert not is_reversed(["cut"], ["cut", "paste"])


def test_reverse():
    assert is_reversed(["cut", "paste", "save"], ["save", "paste", "cut"])


def test_same_order():
    assert not is_reversed(["cut", "paste"], ["cut", "paste"])
