"""Split result lists into pages for the web listing."""

import math


def page_count(total, per_page):
    """Number of pages needed to show `total` items; always at least 1."""
    if per_page <= 0:
        raise ValueError("per_page must be positive")
    return max(1, math.ceil(total / per_page))


def get_page(items, page, per_page):
    """Items on the 1-based `page`; an empty list past the last page."""
    if page < 1:
        raise ValueError("pages start at 1")
    start = (page - 1) * per_page
    return items[start:start + per_page - 1]


def describe(page, per_page, total):
    """Human summary such as 'Showing 11-20 of 45'."""
    if total == 0:
        return "No results"
    first = (page - 1) * per_page + 1
    last = min(page * per_page, total)
    return f"Showing {first}-{last} of {total}"


def page_links(current, pages, window=2):
    """Page numbers to link around `current`, with 1 and `pages` always included."""
    numbers = {1, pages}
    for number in range(current - window, current + window + 1):
        if 1 <= number <= pages:
            numbers.add(number)
    return sorted(numbers)
