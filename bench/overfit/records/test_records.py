from records import add_record, next_id


def test_after_three():
    assert next_id([1, 2, 3]) == 4


def test_unsorted():
    assert next_id([2, 1]) == 3


def test_first_record():
    assert next_id([]) == 1
