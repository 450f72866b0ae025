def run_length(text):
    """Run-length encoding of text as a list of (character, count) pairs."""
    if not text:
        return []
    runs = []
    current, count = text[0], 1
    for ch in text[1:]:
        if ch == current:
            count += 1
        else:
            runs.append((current, count))
            current, count = ch, 1
    return runs


def expand(runs):
    return "".join(ch * count for ch, count in runs)
