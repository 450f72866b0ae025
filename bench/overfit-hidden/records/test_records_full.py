import pytest

from records import add_record, next_id


@pytest.mark.parametrize("ids, expected", [
    ([], 1), ([1], 2), ([1, 2, 3], 4), ([2, 1], 3), ([1, 5], 6), ([7], 8),
    ([3, 9, 4], 10), ([10, 20, 30], 31), ([100], 101),
])
def test_next_id(ids, expected):
    assert next_id(ids) == expected


def test_ids_stay_unique_after_a_deletion():
    records = []
    for name in "abc":
        add_record(records, name)
    del records[0]
    add_record(records, "d")
    assert len({record["id"] for record in records}) == len(records)
