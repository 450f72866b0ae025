import pytest

from home_journal import add_entry


def test_empty_entry_is_refused(tmp_path):
    with pytest.raises(ValueError):
        add_entry(str(tmp_path / "journal.txt"), "  ")


def test_first_entry(tmp_path):
    assert add_entry(str(tmp_path / "journal.txt"), "rain all day") == 1


def test_entries_accumulate(tmp_path):
    journal = str(tmp_path / "journal.txt")
    add_entry(journal, "rain all day")
    assert add_entry(journal, "sun at last") == 2
