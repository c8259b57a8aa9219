"""Pagination for a product listing page."""


def page_count(total_items, per_page):
    """Return how many pages are needed to show total_items."""
    return (total_items + per_page - 1) // per_page


def get_page(items, page, per_page):
    """Return the items on a 1-based page number (empty list past the end)."""
    start = (page - 1) * per_page
    return items[start:start + per_page]
