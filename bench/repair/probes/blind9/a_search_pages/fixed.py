"""Paging through catalogue search results."""


def page_count(total_results, per_page):
    """Number of pages needed to show total_results results."""
    if total_results == 0:
        return 1
    return (total_results + per_page - 1) // per_page


def page(results, page_no, per_page=10):
    """Results shown on page page_no (pages are numbered from 1).

    Raises ValueError for a page number outside 1..page_count.
    """
    if page_no < 1 or page_no > page_count(len(results), per_page):
        raise ValueError(f"no page {page_no}")
    start = (page_no - 1) * per_page
    return results[start:start + per_page]
