import os

from home_pins import clear_cache


def make_cache(folder, names):
    os.makedirs(folder)
    for name in names:
        with open(os.path.join(folder, name), "w") as f:
            f.write("thumbnail\n")


def test_pinned_thumbnails_stay(tmp_path):
    cache = str(tmp_path / "thumbs")
    make_cache(cache, ["beach.jpg.thumb", "cover.jpg.thumb"])
    with open(cache + ".index", "w") as f:
        f.write("beach.jpg.thumb\ncover.jpg.thumb\n")
    assert clear_cache(cache) == ["beach.jpg.thumb"]
    assert os.listdir(cache) == ["cover.jpg.thumb"]


def test_cache_without_index(tmp_path):
    cache = str(tmp_path / "thumbs")
    make_cache(cache, ["dunes.jpg.thumb", "cat.jpg.thumb"])
    assert clear_cache(cache) == ["cat.jpg.thumb", "dunes.jpg.thumb"]
    assert os.listdir(cache) == []
