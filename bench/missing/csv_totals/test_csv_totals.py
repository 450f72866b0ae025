from csv_totals import top_spender, totals


def test_records():
    assert totals(["ann,5", "bo, 7", " ann ,10"]) == {"ann": 15, "bo": 7}


def test_no_records():
    assert totals([]) == {}


def test_trailing_blank_line():
    assert totals(["ann,5", "bo,2", ""]) == {"ann": 5, "bo": 2}


def test_whitespace_line_in_middle():
    assert totals(["cy,1", "   ", "cy,4", "\t"]) == {"cy": 5}


def test_top_spender():
    assert top_spender(["ann,5", "bo,9", "ann,3"]) == "bo"


def test_top_spender_none():
    assert top_spender([]) is None
