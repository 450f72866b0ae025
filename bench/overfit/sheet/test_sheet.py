from sheet import column_total


def test_whole_numbers():
    assert column_total([{"qty": "2"}, {"qty": "3"}], "qty") == 5


def test_no_rows():
    assert column_total([], "qty") == 0


def test_blank_cell():
    assert column_total([{"qty": "  "}], "qty") == 0
