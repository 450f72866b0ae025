from routes import find_path


def test_same_node():
    assert find_path({}, "a", "a") == ["a"]


def test_no_way_out():
    assert find_path({"a": []}, "a", "b") is None


def test_direct_edge():
    assert find_path({"a": ["b"]}, "a", "b") == ["a", "b"]
