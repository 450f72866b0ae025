from edit_distance import edit_distance


def test_identical():
    assert edit_distance("flaw", "flaw") == 0


def test_from_empty():
    assert edit_distance("", "abc") == 3


def test_to_empty():
    assert edit_distance("abc", "") == 3


def test_kitten_sitting():
    assert edit_distance("kitten", "sitting") == 3


def test_one_substitution():
    assert edit_distance("cat", "cut") == 1


def test_insert_at_end():
    assert edit_distance("ab", "abc") == 1
