"""Monograms from names."""


def monogram(name):
    """The first letter of each word of name, as written."""
    name = name.lower()
    words = name.split()
    return "".join(word[0] for word in words)


def word_total(names):
    """Words over all names."""
    return sum(len(name.split()) for name in names)
