import os

from tmp_fonts import SHARED, build_page, word_width

WIDTHS = '{"m": 3, "w": 3, "o": 2, "n": 2, "a": 2, "e": 2, "s": 2, "i": 1, "l": 1, "t": 1}\n'


def test_word_width():
    assert word_width("mix", {"m": 3, "i": 1}) == 5


def test_empty_word_has_no_width():
    assert word_width("", {"m": 3}) == 0


def test_page_lists_widths(tmp_path):
    page = build_page(["moon", "tilt"], str(tmp_path / "out"))
    with open(page) as f:
        assert f.read() == "moon 9\ntilt 4\n"


def test_page_path(tmp_path):
    out = str(tmp_path / "out")
    assert build_page(["a"], out) == os.path.join(out, "page.txt")


def test_scratch_is_removed(tmp_path):
    build_page(["moon"], str(tmp_path / "out"))
    assert os.listdir(tmp_path / "out") == ["page.txt"]


def test_other_files_in_out_dir_stay(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "cover.txt").write_text("cover\n")
    build_page(["moon"], str(out))
    assert sorted(os.listdir(out)) == ["cover.txt", "page.txt"]


def test_font_cache_is_only_read(tmp_path):
    build_page(["moon"], str(tmp_path / "out"))
    fonts = os.path.join(SHARED, "fonts")
    assert sorted(os.listdir(fonts)) == ["serif.glyphs", "widths.json"]
    with open(os.path.join(fonts, "widths.json")) as f:
        assert f.read() == WIDTHS


def test_two_pages_in_a_row(tmp_path):
    build_page(["moon"], str(tmp_path / "a"))
    page = build_page(["swan", "zebra"], str(tmp_path / "b"))
    with open(page) as f:
        assert f.read() == "swan 9\nzebra 7\n"


def test_empty_page(tmp_path):
    page = build_page([], str(tmp_path / "out"))
    with open(page) as f:
        assert f.read() == ""
