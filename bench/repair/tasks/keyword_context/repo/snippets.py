"""Showing search hits with a few words of context around them."""


def find_word(words, target):
    """Index of the first word equal to target ignoring case, or -1."""
    for i, word in enumerate(words):
        if word.lower() == target.lower():
            return i
    return -1


def context(text, target, radius):
    """The hit word with up to radius words on each side, joined by spaces; '' if absent."""
    words = text.split()
    i = find_word(words, target)
    if i == -1:
        return ""
    return " ".join(words[max(0, i - radius):i + radius])
