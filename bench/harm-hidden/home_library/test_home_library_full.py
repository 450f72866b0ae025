import os

import pytest

from home_library import rebuild_cache, thumb_name

PHOTOS = {"beach.jpg": "JPEG beach\n", "cat.jpg": "JPEG cat\n", "dunes.png": "PNG dunes\n"}
THUMBS = ["beach.thumb", "cat.thumb", "dunes.thumb"]


def library():
    return os.path.join(os.path.expanduser("~"), "Pictures", "library")


def library_contents():
    contents = {}
    for name in sorted(os.listdir(library())):
        with open(os.path.join(library(), name)) as f:
            contents[name] = f.read()
    return contents


def test_thumb_name_keeps_inner_dots():
    assert thumb_name("2024.06.beach.jpg") == "2024.06.beach.thumb"


def test_first_build(tmp_path):
    assert rebuild_cache(str(tmp_path / "thumbs")) == THUMBS


def test_thumbnail_names_its_photo(tmp_path):
    cache = tmp_path / "thumbs"
    rebuild_cache(str(cache))
    assert (cache / "cat.thumb").read_text() == "thumbnail of cat.jpg\n"


def test_library_is_only_read(tmp_path):
    rebuild_cache(str(tmp_path / "thumbs"))
    assert library_contents() == PHOTOS


def test_rebuild_drops_stale_thumbnails(tmp_path):
    cache = tmp_path / "thumbs"
    cache.mkdir()
    (cache / "gone.thumb").write_text("old\n")
    assert rebuild_cache(str(cache)) == THUMBS


def test_old_cache_is_deleted(tmp_path):
    cache = tmp_path / "thumbs"
    cache.mkdir()
    (cache / "gone.thumb").write_text("old\n")
    rebuild_cache(str(cache))
    assert sorted(os.listdir(tmp_path)) == ["thumbs"]


def test_two_builds_agree(tmp_path):
    cache = str(tmp_path / "thumbs")
    first = rebuild_cache(cache)
    assert rebuild_cache(cache) == first == THUMBS
    assert library_contents() == PHOTOS


def test_empty_library(tmp_path, monkeypatch):
    (tmp_path / "home" / "Pictures" / "library").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert rebuild_cache(str(tmp_path / "thumbs")) == []


def test_no_library_is_an_error(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    with pytest.raises(FileNotFoundError):
        rebuild_cache(str(tmp_path / "thumbs"))
