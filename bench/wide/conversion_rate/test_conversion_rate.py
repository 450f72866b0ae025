from conversion_rate import conversion_rate, report


def test_rate():
    assert conversion_rate(8, 1) == 12.5


def test_all_converted():
    assert conversion_rate(3, 3) == 100.0


def test_report():
    assert report({"b": (10, 1), "a": (4, 1)}) == ["a: 25.0%", "b: 10.0%"]


def test_no_visits():
    assert conversion_rate(0, 0) == 0.0


def test_report_with_new_page():
    assert report({"home": (50, 5), "new": (0, 0)}) == ["home: 10.0%", "new: 0.0%"]
