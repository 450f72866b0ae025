from read_record import clean_cell, read_record, read_table

COLUMNS = ["name", "city", "phone"]


def test_clean_cell():
    assert clean_cell("  New   York ") == "New York"


def test_simple_line():
    assert read_record("Ann|Oslo|555", COLUMNS) == {"name": "Ann", "city": "Oslo", "phone": "555"}


def test_missing_cells():
    assert read_record(" Bo | Rome ", COLUMNS) == {"name": "Bo", "city": "Rome", "phone": ""}


def test_inner_spaces():
    assert read_record("Cy  Young|Los    Angeles|1", COLUMNS)["city"] == "Los Angeles"


def test_table():
    assert read_table(["A|B|C", "  ", "D|E\tF|G"], COLUMNS) == [
        {"name": "A", "city": "B", "phone": "C"},
        {"name": "D", "city": "E F", "phone": "G"},
    ]
