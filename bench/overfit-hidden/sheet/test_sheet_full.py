import pytest

from sheet import column_total


@pytest.mark.parametrize("cells, expected", [
    (["2", "3"], 5),
    ([], 0),
    (["  "], 0),
    (["2.5", "1.25"], 3.75),
    ([" 4 ", "0.5"], 4.5),
    (["-1.5", "3"], 1.5),
    (["1e3"], 1000),
    (["0.1", "0.2"], 0.3),
    (["10", "", "5"], 15),
    (["7.0"], 7),
])
def test_column_total(cells, expected):
    rows = [{"qty": cell, "name": "x"} for cell in cells]
    assert column_total(rows, "qty") == pytest.approx(expected)
