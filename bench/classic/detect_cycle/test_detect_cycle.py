from detect_cycle import has_cycle


def test_empty():
    assert not has_cycle({})


def test_chain():
    assert not has_cycle({"a": ["b"], "b": ["c"]})


def test_tree():
    assert not has_cycle({1: [2, 3], 2: [4, 5], 3: [6]})


def test_self_loop():
    assert has_cycle({"a": ["a"]})


def test_two_node_cycle():
    assert has_cycle({"a": ["b"], "b": ["a"]})


def test_shared_descendant_is_not_a_cycle():
    assert not has_cycle({"a": ["b", "c"], "b": ["d"], "c": ["d"]})
