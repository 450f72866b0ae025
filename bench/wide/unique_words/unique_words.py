def normalize(word):
    """Lower-cases a word and strips the punctuation around it."""
    return word.lower().strip(".,;:!?\"'()")


def unique_words(text):
    """The distinct words of text in order of first appearance, ignoring case and punctuation."""
    seen = set()
    result = []
    for raw in text.split():
        word = normalize(raw)
        if not word or word in seen:
            continue
        result.append(word)
    return result
