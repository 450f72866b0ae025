from is_image import is_image, split_attachments


def test_text_file():
    assert not is_image("notes.txt")


def test_png():
    assert is_image("photo.png")


def test_upper_case():
    assert is_image("SCAN.JPEG")


def test_extension_in_middle():
    assert not is_image("logo.png.txt")


def test_split():
    assert split_attachments(["a.gif", "b.doc", "c.webp"]) == (["a.gif", "c.webp"], ["b.doc"])


def test_no_files():
    assert split_attachments([]) == ([], [])
