def text_window(text, start, width):
    """The `width` characters of text from `start` on, padded with spaces to `width`."""
    piece = text[start:width]
    return piece.ljust(width)


def scroll_frames(text, width):
    """Every window of a ticker that scrolls text past a display `width` characters wide."""
    padded = " " * width + text
    return [text_window(padded, i, width) for i in range(len(padded) + 1)]
