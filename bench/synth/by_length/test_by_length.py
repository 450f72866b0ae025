from by_length import by_length, length_groups, longest


def test_empty():
    assert by_length([]) == []


def test_distinct_lengths():
    assert by_length(["ccc", "a", "bb"]) == ["a", "bb", "ccc"]


def test_ties_alphabetical():
    assert by_length(["pear", "fig", "kiwi", "apple", "date"]) == ["fig", "date", "kiwi", "pear", "apple"]


def test_duplicates_dropped():
    assert by_length(["b", "a", "b"]) == ["a", "b"]


def test_longest():
    assert longest(["ox", "cat", "dog", "ant", "emu"], 2) == ["emu", "dog"]


def test_groups():
    assert length_groups(["bb", "a", "cc"]) == {1: ["a"], 2: ["bb", "cc"]}
