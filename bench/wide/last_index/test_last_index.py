from last_index import last_index, remove_last


def test_empty():
    assert last_index([], 3) == -1


def test_remove_from_empty():
    assert remove_last([], "x") == []


def test_repeated():
    assert last_index([1, 2, 1, 3], 1) == 2


def test_only_at_start():
    assert last_index(["a", "b", "c"], "a") == 0


def test_absent():
    assert last_index([4, 5], 6) == -1


def test_remove_last():
    assert remove_last([1, 2, 1, 3], 1) == [1, 2, 3]
