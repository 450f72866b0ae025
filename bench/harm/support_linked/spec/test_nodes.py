from build import chain
from linked import length, to_list


def test_to_list():
    assert to_list(chain(1, 2, 3)) == [1, 2, 3]


def test_to_list_of_nothing():
    assert to_list(None) == []


def test_length():
    assert length(chain(4, 5, 6)) == 3
