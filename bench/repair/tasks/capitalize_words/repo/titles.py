"""Capitalising words while keeping the spacing as typed."""


def capitalize_words(text):
    """Upper-case the first letter of every space-separated word.

    Every other character, and the spacing between words, is kept as it is.
    """
    words = text.split(" ")
    for i, word in enumerate(words):
        if word[0].islower():
            words[i] = word[0].upper() + word[1:]
    return " ".join(words)


def word_count(text):
    """How many whitespace-separated words text has."""
    return len(text.split())
