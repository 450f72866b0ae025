def by_length(words):
    """Distinct words ordered by length, shortest first, and alphabetically within a length."""
    return sorted(dict.fromkeys(words), key=len)


def longest(words, count):
    """The `count` longest distinct words, longest first (ties in reverse alphabetical order)."""
    return by_length(words)[::-1][:count]


def length_groups(words):
    """{length: the distinct words of that length, alphabetically}."""
    groups = {}
    for word in by_length(words):
        groups.setdefault(len(word), []).append(word)
    return groups
