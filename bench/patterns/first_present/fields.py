class Blank:
    """A form field left empty: equal to every other blank, and to None, as forms compare them."""

    def __eq__(self, other):
        return other is None or isinstance(other, Blank)

    def __hash__(self):
        return 0


def first_given(values):
    """The first value that is not None (a Blank field counts as given: it was shown and left empty)."""
    for value in values:
        if value != None:
            return value
    return None
