from column_sum import column_sum, column_totals


def test_numbers_only():
    assert column_sum([3, 4.5, 2]) == 9.5


def test_empty_column():
    assert column_sum([]) == 0


def test_header_skipped():
    assert column_sum(["Amount", 10, 20]) == 30


def test_notes_skipped():
    assert column_sum([1.5, "n/a", 2.5, "see below"]) == 4.0


def test_column_totals():
    rows = [["Qty", "Price"], [2, 1.25], [3, 2.0]]
    assert column_totals(rows) == [5, 3.25]
