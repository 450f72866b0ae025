import os

from home_pins import clear_cache, pins_path

PINS = "cover.jpg.thumb\nlogo.png.thumb\n"


def make_cache(folder, names, index=False):
    os.makedirs(folder, exist_ok=True)
    for name in names:
        with open(os.path.join(folder, name), "w") as f:
            f.write("thumbnail\n")
    if index:
        with open(folder + ".index", "w") as f:
            f.write("".join(name + "\n" for name in names))


def read_pins():
    with open(pins_path()) as f:
        return f.read()


def test_pinned_thumbnails_stay(tmp_path):
    cache = str(tmp_path / "thumbs")
    make_cache(cache, ["beach.jpg.thumb", "cover.jpg.thumb"], index=True)
    assert clear_cache(cache) == ["beach.jpg.thumb"]
    assert os.listdir(cache) == ["cover.jpg.thumb"]


def test_index_is_removed(tmp_path):
    cache = str(tmp_path / "thumbs")
    make_cache(cache, ["beach.jpg.thumb"], index=True)
    clear_cache(cache)
    assert not os.path.exists(cache + ".index")


def test_cache_without_index(tmp_path):
    cache = str(tmp_path / "thumbs")
    make_cache(cache, ["dunes.jpg.thumb", "cat.jpg.thumb"])
    assert clear_cache(cache) == ["cat.jpg.thumb", "dunes.jpg.thumb"]
    assert os.listdir(cache) == []


def test_empty_cache_without_index(tmp_path):
    cache = str(tmp_path / "thumbs")
    make_cache(cache, [])
    assert clear_cache(cache) == []


def test_pin_list_is_left_alone(tmp_path):
    cache = str(tmp_path / "thumbs")
    make_cache(cache, ["beach.jpg.thumb", "logo.png.thumb"], index=True)
    clear_cache(cache)
    assert read_pins() == PINS


def test_pins_hold_on_every_clearing(tmp_path):
    cache = str(tmp_path / "thumbs")
    make_cache(cache, ["beach.jpg.thumb", "cover.jpg.thumb"], index=True)
    clear_cache(cache)
    make_cache(cache, ["cat.jpg.thumb", "logo.png.thumb"], index=True)
    assert clear_cache(cache) == ["cat.jpg.thumb"]
    assert sorted(os.listdir(cache)) == ["cover.jpg.thumb", "logo.png.thumb"]


def test_every_thumbnail_pinned(tmp_path):
    cache = str(tmp_path / "thumbs")
    make_cache(cache, ["cover.jpg.thumb", "logo.png.thumb"], index=True)
    assert clear_cache(cache) == []
    assert not os.path.exists(cache + ".index")


def test_no_pin_list_means_nothing_pinned(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    cache = str(tmp_path / "thumbs")
    make_cache(cache, ["cover.jpg.thumb", "beach.jpg.thumb"], index=True)
    assert clear_cache(cache) == ["beach.jpg.thumb", "cover.jpg.thumb"]
    assert not os.path.exists(cache + ".index")


def test_cache_folder_itself_is_kept(tmp_path):
    cache = str(tmp_path / "thumbs")
    make_cache(cache, ["beach.jpg.thumb"])
    clear_cache(cache)
    assert os.path.isdir(cache)
