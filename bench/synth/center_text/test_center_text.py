from center_text import banner, center_text


def test_long_text_kept():
    assert center_text("hello", 3) == "hello"


def test_exact_width():
    assert center_text("abc", 3) == "abc"


def test_even_padding():
    assert center_text("ab", 6, "-") == "--ab--"


def test_odd_padding():
    assert center_text("abc", 6, ".") == ".abc.."


def test_banner():
    assert banner(["hi"], 4) == "********\n*  hi  *\n********"
