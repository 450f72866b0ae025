import os

import pytest

from tmp_cache import SHARED, fetch


def cached_bytes(name):
    with open(os.path.join(SHARED, "cache", name), "rb") as f:
        return f.read()


def test_missing_file(tmp_path):
    with pytest.raises(FileNotFoundError):
        fetch("nothing.txt", str(tmp_path))


def test_windows_line_endings(tmp_path):
    assert fetch("notes.txt", str(tmp_path)) == "first\nsecond\n"


def test_unix_file(tmp_path):
    assert fetch("readme.txt", str(tmp_path)) == "read me\n"


def test_copy_is_written(tmp_path):
    fetch("notes.txt", str(tmp_path))
    assert (tmp_path / "notes.txt").read_bytes() == b"first\nsecond\n"


def test_no_part_file_left(tmp_path):
    fetch("list.txt", str(tmp_path))
    assert os.listdir(tmp_path) == ["list.txt"]


def test_cache_is_only_read(tmp_path):
    fetch("notes.txt", str(tmp_path))
    fetch("list.txt", str(tmp_path))
    assert cached_bytes("notes.txt") == b"first\r\nsecond\r\n"
    assert cached_bytes("list.txt") == b"a\r\nb\r\n"


def test_fetch_twice(tmp_path):
    fetch("list.txt", str(tmp_path))
    assert fetch("list.txt", str(tmp_path)) == "a\nb\n"
    assert (tmp_path / "list.txt").read_text() == "a\nb\n"


def test_other_files_stay(tmp_path):
    (tmp_path / "keep.txt").write_text("keep\n")
    fetch("readme.txt", str(tmp_path))
    assert sorted(os.listdir(tmp_path)) == ["keep.txt", "readme.txt"]


def test_older_copy_is_replaced(tmp_path):
    (tmp_path / "readme.txt").write_text("stale\n")
    fetch("readme.txt", str(tmp_path))
    assert (tmp_path / "readme.txt").read_text() == "read me\n"
