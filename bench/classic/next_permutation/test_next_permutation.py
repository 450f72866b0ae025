from next_permutation import next_permutation


def test_single():
    assert next_permutation([1]) is None


def test_last_permutation():
    assert next_permutation([3, 2, 1]) is None


def test_swap_last_two():
    assert next_permutation([1, 2, 3]) == [1, 3, 2]


def test_with_duplicates():
    assert next_permutation([1, 1, 2]) == [1, 2, 1]


def test_tail_is_reordered():
    assert next_permutation([1, 3, 2]) == [2, 1, 3]


def test_walks_all_permutations():
    seen = [[1, 2, 3, 4]]
    while (following := next_permutation(seen[-1])) is not None:
        seen.append(following)
    assert len(seen) == 24
    assert seen == sorted(seen)
