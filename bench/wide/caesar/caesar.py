def shift_letter(ch, shift):
    """Shifts an ASCII letter through the alphabet, keeping its case; other characters unchanged."""
    if not ch.isascii() or not ch.isalpha():
        return ch
    base = ord("A") if ch.isupper() else ord("a")
    return chr((ord(ch) - ord("a") + shift) % 25 + base)


def caesar(text, shift):
    return "".join(shift_letter(ch, shift) for ch in text)
