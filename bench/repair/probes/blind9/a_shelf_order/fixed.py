"""Shelving order for fiction titles."""

ARTICLES = ("the ", "a ", "an ")


def shelf_key(title):
    """Sort key for a title: case-insensitive, ignoring a leading article."""
    key = title.strip().lower()
    for article in ARTICLES:
        if key.startswith(article):
            return key[len(article):]
    return key


def sort_for_shelf(titles):
    """Titles in the order they go on the shelf."""
    return sorted(titles, key=shelf_key)
