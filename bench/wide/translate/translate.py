def translate_word(word, glossary):
    """Translation of word, keeping a leading capital; unknown words come back unchanged."""
    translated = glossary[word.lower()]
    if word[:1].isupper():
        return translated[:1].upper() + translated[1:]
    return translated


def translate(sentence, glossary):
    return " ".join(translate_word(word, glossary) for word in sentence.split())
