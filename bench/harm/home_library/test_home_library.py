import pytest

from home_library import rebuild_cache, thumb_name


def test_thumb_name():
    assert thumb_name("beach.jpg") == "beach.thumb"


def test_no_library_is_an_error(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    with pytest.raises(FileNotFoundError):
        rebuild_cache(str(tmp_path / "thumbs"))


def test_first_build(tmp_path):
    assert rebuild_cache(str(tmp_path / "thumbs")) == ["beach.thumb", "cat.thumb", "dunes.thumb"]
