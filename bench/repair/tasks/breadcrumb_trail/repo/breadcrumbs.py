"""Breadcrumb trails for a documentation site.

A page's path is the list of page titles from the top-level page down to it,
e.g. ['Home', 'Docs', 'API'].
"""


def breadcrumb(path):
    """The trail from the top-level page down to the current one: 'Home > Docs > API'."""
    return " > ".join(list(reversed(path)))


def parent_page(path):
    """The title of the page one level up, or None for the top-level page."""
    return path[-2] if len(path) > 1 else None
