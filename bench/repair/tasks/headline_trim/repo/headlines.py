"""Trimming headlines to fit a layout."""


def trim_headline(title, limit):
    """The title, cut to at most limit characters ending in "..." when too long."""
    if len(title) <= limit:
        return
    return title[: limit - 3].rstrip() + "..."


def word_count(title):
    """Number of words in a title."""
    return len(title.split())
