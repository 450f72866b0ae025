def is_mirror(word, lo=0, hi=None):
    """Whether word reads the same backwards, comparing word[lo] with word[hi] and moving inwards."""
    if hi is None:
        hi = len(word) - 1
    if lo == hi:
        return True
    if word[lo] != word[hi]:
        return False
    return is_mirror(word, lo + 1, hi - 1)
