from merge_sort import merge, merge_sort


def test_empty():
    assert merge_sort([]) == []


def test_numbers():
    assert merge_sort([5, 2, 9, 1, 5, 6]) == [1, 2, 5, 5, 6, 9]


def test_odd_length_reversed():
    assert merge_sort([7, 6, 5, 4, 3, 2, 1]) == [1, 2, 3, 4, 5, 6, 7]


def test_merge_prefers_left_on_ties():
    assert merge([(1, "a")], [(1, "b")], key=lambda p: p[0]) == [(1, "a"), (1, "b")]


def test_sort_by_key():
    assert merge_sort(["ccc", "a", "bb"], key=len) == ["a", "bb", "ccc"]


def test_stable_for_equal_keys():
    people = [("ann", 30), ("bob", 25), ("cid", 30), ("dan", 25)]
    by_age = merge_sort(people, key=lambda person: person[1])
    assert by_age == [("bob", 25), ("dan", 25), ("ann", 30), ("cid", 30)]
