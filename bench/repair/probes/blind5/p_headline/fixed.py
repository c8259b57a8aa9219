"""Headline formatting for a newsletter."""

SMALL_WORDS = {"a", "an", "the", "of", "and", "in", "on", "to"}


def headline(text):
    """Title-case a headline, keeping small words lowercase except the first word."""
    result = []
    for i, word in enumerate(text.split()):
        w = word.lower()
        if i > 0 and w in SMALL_WORDS:
            result.append(w)
        else:
            result.append(w.capitalize())
    return " ".join(result)
