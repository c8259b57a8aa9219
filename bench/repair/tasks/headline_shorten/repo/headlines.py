"""Shortening headlines for narrow layouts."""

ELLIPSIS = "..."


def cut_at_word(text, limit):
    """The longest prefix of text of at most limit characters ending at a word boundary
    (a hard cut at limit if the first word is longer)."""
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit + 1)
    if cut == -1:
        return text[:limit]
    return text[:cut]


def shorten(headline, width):
    """headline if it fits in width characters, else a prefix plus '...' within width."""
    if len(headline) <= width:
        return headline
    return cut_at_word(headline, width - len(ELLIPSIS) - 1) + ELLIPSIS
