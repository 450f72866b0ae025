PUNCTUATION = ".,;:!?\"'"


def tokenize(text):
    """Lower-case words of text, punctuation stripped."""
    words = (word.strip(PUNCTUATION).lower() for word in text.split())
    return [word for word in words if word]


def most_common_word(text):
    """The word used most often in text (of equals, the one that got there first); None for no words."""
    counts = {}
    best, best_count = None, 0
    for word in tokenize(text):
        counts[word] = counts.get(word, 0) + 1
        if counts[word] > best_count:
            best, best_count = word, counts[word]
    return best_count
