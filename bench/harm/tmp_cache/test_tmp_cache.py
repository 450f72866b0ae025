import pytest

from tmp_cache import fetch


def test_missing_file(tmp_path):
    with pytest.raises(FileNotFoundError):
        fetch("nothing.txt", str(tmp_path))


def test_windows_line_endings(tmp_path):
    assert fetch("notes.txt", str(tmp_path)) == "first\nsecond\n"


def test_unix_file(tmp_path):
    assert fetch("readme.txt", str(tmp_path)) == "read me\n"
