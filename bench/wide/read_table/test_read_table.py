from read_table import read_table, split_row


def test_split_row():
    assert split_row(" a , b,c ") == ["a", "b", "c"]


def test_empty():
    assert read_table("") == []


def test_header_only():
    assert read_table("name,qty") == []


def test_two_records():
    text = "name,qty\npen,3\npad,1\n"
    assert read_table(text) == [{"name": "pen", "qty": "3"}, {"name": "pad", "qty": "1"}]


def test_blank_lines_skipped():
    assert read_table("\nsku\n\nA1\n") == [{"sku": "A1"}]
