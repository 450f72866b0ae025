import os

from control_recent import recent_files


def write_history(tmp_path, monkeypatch, lines):
    (tmp_path / ".editor").mkdir()
    (tmp_path / ".editor" / "recent.txt").write_text("".join(line + "\n" for line in lines))
    monkeypatch.setenv("HOME", str(tmp_path))


def test_three_newest():
    assert recent_files(3) == ["notes/c.md", "notes/a.md", "notes/b.md"]


def test_limit_above_history():
    assert recent_files(10) == ["notes/c.md", "notes/a.md", "notes/b.md"]


def test_newest_only():
    assert recent_files(1) == ["notes/c.md"]


def test_two_newest():
    assert recent_files(2) == ["notes/c.md", "notes/a.md"]


def test_zero():
    assert recent_files(0) == []


def test_duplicates_count_once(tmp_path, monkeypatch):
    write_history(tmp_path, monkeypatch, ["x", "y", "x", "z", "y", "z"])
    assert recent_files(2) == ["z", "y"]


def test_long_history(tmp_path, monkeypatch):
    write_history(tmp_path, monkeypatch, [f"f{i}" for i in range(20)])
    assert recent_files(4) == ["f19", "f18", "f17", "f16"]


def test_history_is_only_read():
    recent_files(2)
    path = os.path.join(os.path.expanduser("~"), ".editor", "recent.txt")
    with open(path) as f:
        assert f.read() == "notes/b.md\nnotes/a.md\n\nnotes/c.md\n"
