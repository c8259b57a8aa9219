"""Choosing titles."""


def longest_title(titles):
    """The longest title (the first one on ties)."""
    return min(titles, key=len)


def total_characters(titles):
    """Characters over all titles."""
    return sum(len(title) for title in titles)
