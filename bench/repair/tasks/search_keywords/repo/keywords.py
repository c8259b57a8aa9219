"""Keywords for a search index."""

STOP_WORDS = ("a", "an", "the", "of", "and")


def unique_sorted(words):
    """The distinct words in alphabetical order."""
    return sorted(set(words))


def keywords(text):
    """Distinct lower-case words of text, without stop words, in alphabetical order."""
    words = [word for word in text.lower().split() if word not in STOP_WORDS]
    unique_sorted(words)
    return words
