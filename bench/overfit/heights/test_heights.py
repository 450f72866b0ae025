from heights import is_symmetric


def test_empty_and_single():
    assert is_symmetric([])
    assert is_symmetric([5.0])


def test_symmetric():
    assert is_symmetric([1.0, 2.0, 2.0, 1.0])


def test_inner_pair_differs():
    assert not is_symmetric([1.0, 2.0, 3.0, 1.0])
