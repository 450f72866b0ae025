from fields import Blank, first_given


def test_skips_none():
    assert first_given([None, 3]) == 3


def test_all_none():
    assert first_given([None, None]) is None


def test_blank_counts_as_given():
    blank = Blank()
    assert first_given([None, blank, 5]) is blank
