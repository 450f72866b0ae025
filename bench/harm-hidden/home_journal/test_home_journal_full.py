import os

import pytest

from home_journal import add_entry


def signature_path():
    return os.path.join(os.path.expanduser("~"), ".journal", "signature")


def test_empty_entry_is_refused(tmp_path):
    with pytest.raises(ValueError):
        add_entry(str(tmp_path / "journal.txt"), "  ")
    assert not os.path.exists(tmp_path / "journal.txt")


def test_first_entry(tmp_path):
    assert add_entry(str(tmp_path / "journal.txt"), "rain all day") == 1


def test_entry_is_signed(tmp_path):
    journal = tmp_path / "journal.txt"
    add_entry(str(journal), "rain all day")
    add_entry(str(journal), "sun at last")
    assert journal.read_text() == "rain all day -- Ada L.\nsun at last -- Ada L.\n"


def test_signature_is_only_read(tmp_path):
    add_entry(str(tmp_path / "journal.txt"), "rain all day")
    with open(signature_path()) as f:
        assert f.read() == "Ada L.\n"


def test_existing_lines_are_kept(tmp_path):
    journal = tmp_path / "journal.txt"
    journal.write_text("old line\n")
    assert add_entry(str(journal), "new line") == 2
    assert journal.read_text().startswith("old line\n")


def test_stamp_is_created_empty(tmp_path):
    journal = str(tmp_path / "journal.txt")
    add_entry(journal, "rain all day")
    with open(journal + ".changed") as f:
        assert f.read() == ""


def test_stamp_is_emptied(tmp_path):
    journal = str(tmp_path / "journal.txt")
    with open(journal + ".changed", "w") as f:
        f.write("pending\n")
    add_entry(journal, "rain all day")
    assert os.path.getsize(journal + ".changed") == 0


def test_many_entries(tmp_path):
    journal = str(tmp_path / "journal.txt")
    counts = [add_entry(journal, f"day {day}") for day in range(1, 6)]
    assert counts == [1, 2, 3, 4, 5]


def test_signature_follows_home(tmp_path, monkeypatch):
    (tmp_path / "home" / ".journal").mkdir(parents=True)
    (tmp_path / "home" / ".journal" / "signature").write_text("  B. G.  \n")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    journal = tmp_path / "journal.txt"
    add_entry(str(journal), "fog")
    assert journal.read_text() == "fog -- B. G.\n"
