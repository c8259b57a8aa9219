"""Counting letters recursively."""


def count_letter(text, letter, position=0):
    """How many times letter occurs in text from position on."""
    if position == len(text):
        return 0
    here = 1 if text[position] == letter else 0
    return here + count_letter(text, letter, position)


def has_letter(text, letter):
    """Whether letter occurs in text."""
    return letter in text
