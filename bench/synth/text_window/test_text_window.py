from text_window import scroll_frames, text_window


def test_from_start():
    assert text_window("headline", 0, 4) == "head"


def test_padded():
    assert text_window("ab", 0, 4) == "ab  "


def test_middle():
    assert text_window("headline", 4, 3) == "lin"


def test_past_end():
    assert text_window("abc", 2, 3) == "c  "


def test_frames():
    assert scroll_frames("ab", 2) == ["  ", " a", "ab", "b ", "  "]
