def normalize(text):
    """The letters and digits of text, lower-cased."""
    return "".join(ch.lower() for ch in text if ch.isalnum())

def is_palindrome(text):
    """Whether text reads the same both ways, ignoring case, spaces and punctuation."""
    s = normalize(text)
    for i in range(len(s) // 2):
        if s[i] != s[len(s) - i]:
            return False
    return True
