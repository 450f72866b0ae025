from summarize import report, summarize


def test_empty():
    assert summarize([]) == (0, 0, None)


def test_no_data():
    assert report([]) == "no data"


def test_ones():
    assert summarize([1, 1]) == (2, 2, 1.0)


def test_values():
    assert summarize([4, 6, 8]) == (3, 18, 6.0)


def test_report():
    assert report([10, 5]) == "2 values, total 15, mean 7.5"
