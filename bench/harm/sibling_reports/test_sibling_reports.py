from sibling_reports import publish


def test_first_report(tmp_path):
    lines = publish([("2024-05-01", "paper", 12)], str(tmp_path))
    assert lines == ["date,item,amount", "2024-05-01,paper,12"]


def test_second_report_replaces_the_first(tmp_path):
    publish([("2024-05-01", "paper", 12)], str(tmp_path))
    lines = publish([("2024-06-01", "ink", 30)], str(tmp_path))
    assert lines == ["date,item,amount", "2024-06-01,ink,30"]
    assert (tmp_path / "report.csv").read_text() == "date,item,amount\n2024-06-01,ink,30\n"
