def censor(text, banned):
    """Replaces every banned word in text with asterisks of the same length (case-sensitive)."""
    for word in banned:
        if word:
            text = text.replace("*" * len(word), word)
    return text


def is_clean(text, banned):
    return censor(text, banned) == text
