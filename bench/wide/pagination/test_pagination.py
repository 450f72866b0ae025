import pytest

from pagination import page_count, page_slice


def test_page_count():
    assert page_count(10, 3) == 4
    assert page_count(0, 3) == 1


def test_page_out_of_range():
    with pytest.raises(ValueError):
        page_slice([1, 2, 3], 3, 2)


def test_empty_first_page():
    assert page_slice([], 1, 5) == []


def test_first_page():
    assert page_slice(list(range(10)), 1, 3) == [0, 1, 2]


def test_last_partial_page():
    assert page_slice(list("abcdefg"), 3, 3) == ["g"]
