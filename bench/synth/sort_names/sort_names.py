def sort_names(names):
    """Contact names in alphabetical order, ignoring case (ties keep their input order)."""
    return sorted(names)


def index_letters(names):
    """The distinct first letters of the names, upper-cased, in the order of sort_names."""
    letters = []
    for name in sort_names(names):
        letter = name[:1].upper()
        if letter and letter not in letters:
            letters.append(letter)
    return letters
