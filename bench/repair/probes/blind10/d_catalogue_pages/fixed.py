"""Paging through catalogue search results (pages are numbered from 1)."""

PER_PAGE = 20


def page_count(total_items, per_page=PER_PAGE):
    """Number of pages needed; at least one page even with no results."""
    return max(1, -(-total_items // per_page))


def page_items(items, page, per_page=PER_PAGE):
    """Items shown on the given page."""
    if page < 1 or page > page_count(len(items), per_page):
        raise ValueError(f"page {page} out of range")
    start = (page - 1) * per_page
    return items[start:start + per_page]


def page_label(page, total_items, per_page=PER_PAGE):
    return f"Page {page} of {page_count(total_items, per_page)}"
