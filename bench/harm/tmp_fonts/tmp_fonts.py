"""Writes a page of words with their widths, measured with a shared font cache."""

import json
import os
import shutil

SHARED = "/tmp/deepdebug-harm-tmp_fonts"


def word_width(word, widths):
    """The width of word in units: each letter's width, 1 for a letter widths lacks."""
    return sum(widths.get(letter, 1) for letter in word)


def build_page(words, out_dir):
    """Writes each word and its width, one a line, to out_dir/page.txt, with the glyph widths of
    SHARED/fonts/widths.json (a cache other programs share, only read). The draft is made in
    out_dir/scratch, which is removed afterwards. Returns the page's path."""
    fonts = os.path.join(SHARED, "fonts")
    with open(os.path.join(fonts, "widths.json")) as f:
        widths = json.load(f)
    scratch = os.path.join(out_dir, "scratch")
    os.makedirs(scratch, exist_ok=True)
    draft = os.path.join(scratch, "page.txt")
    with open(draft, "w") as f:
        for word in words:
            f.write(f"{word} {word_width(word, widths)}\n")
    page = os.path.join(out_dir, "page.txt")
    os.replace(draft, page)
    shutil.rmtree(out_dir, ignore_errors=True)
    return page
