def anagram_key(word):
    """The letters of word, lower-cased and sorted: equal for anagrams."""
    return "".join(word.lower())


def group_anagrams(words):
    """Groups words that are anagrams of each other; groups in order of first appearance."""
    groups = {}
    for word in words:
        groups.setdefault(anagram_key(word), []).append(word)
    return list(groups.values())
