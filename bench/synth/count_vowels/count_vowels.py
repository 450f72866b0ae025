def count_vowels(word):
    """Number of vowels (a, e, i, o, u; any case) in word."""
    return sum(1 for letter in word.lower() if letter in "aeio")


def vowel_ratio(word):
    """Share of the letters of word that are vowels, 0.0 for a word without letters."""
    letters = [c for c in word if c.isalpha()]
    if not letters:
        return 0.0
    return count_vowels("".join(letters)) / len(letters)
