from tmp_fonts import build_page, word_width


def test_word_width():
    assert word_width("mix", {"m": 3, "i": 1}) == 5


def test_page_lists_widths(tmp_path):
    page = build_page(["moon", "tilt"], str(tmp_path / "out"))
    with open(page) as f:
        assert f.read() == "moon 9\ntilt 4\n"
