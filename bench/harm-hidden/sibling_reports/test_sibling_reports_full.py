import os

from sibling_reports import publish

HEADER = "date,item,amount"


def header_file():
    return os.path.join(os.environ["HARM_SIBLING"], "header.txt")


def test_first_report(tmp_path):
    lines = publish([("2024-05-01", "paper", 12)], str(tmp_path))
    assert lines == [HEADER, "2024-05-01,paper,12"]
    assert (tmp_path / "report.csv").read_text() == "date,item,amount\n2024-05-01,paper,12\n"


def test_no_previous_report_at_first(tmp_path):
    publish([("2024-05-01", "paper", 12)], str(tmp_path))
    assert sorted(os.listdir(tmp_path)) == ["report.csv"]


def test_second_report_replaces_the_first(tmp_path):
    publish([("2024-05-01", "paper", 12)], str(tmp_path))
    lines = publish([("2024-06-01", "ink", 30)], str(tmp_path))
    assert lines == [HEADER, "2024-06-01,ink,30"]
    assert (tmp_path / "report.csv").read_text() == "date,item,amount\n2024-06-01,ink,30\n"


def test_previous_report_is_kept(tmp_path):
    publish([("2024-05-01", "paper", 12)], str(tmp_path))
    publish([("2024-06-01", "ink", 30)], str(tmp_path))
    assert (tmp_path / "report.csv.1").read_text() == "date,item,amount\n2024-05-01,paper,12\n"


def test_header_file_is_only_read(tmp_path):
    publish([("2024-05-01", "paper", 12)], str(tmp_path))
    publish([("2024-06-01", "ink", 30)], str(tmp_path))
    with open(header_file()) as f:
        assert f.read() == "date,item,amount\n"


def test_third_report_keeps_only_the_second(tmp_path):
    for month in (5, 6, 7):
        publish([(f"2024-0{month}-01", "paper", month)], str(tmp_path))
    assert (tmp_path / "report.csv.1").read_text() == "date,item,amount\n2024-06-01,paper,6\n"
    assert sorted(os.listdir(tmp_path)) == ["report.csv", "report.csv.1"]


def test_empty_report_has_the_header(tmp_path):
    assert publish([], str(tmp_path)) == [HEADER]


def test_cells_are_written_as_text(tmp_path):
    lines = publish([("2024-05-01", "tape", 2.5), ("2024-05-02", "glue", 0)], str(tmp_path))
    assert lines[1:] == ["2024-05-01,tape,2.5", "2024-05-02,glue,0"]


def test_only_the_first_header_line_counts(tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "header.txt").write_text("when,what\nnotes\n")
    monkeypatch.setenv("HARM_SIBLING", str(shared))
    out = tmp_path / "out"
    out.mkdir()
    assert publish([("x", "y")], str(out)) == ["when,what", "x,y"]
