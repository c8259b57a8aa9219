"""Shelf reading: checking that non-fiction call numbers stand in order on the shelf.

A call number is a Dewey class and a three-letter author mark, e.g. "641.5 SMI".
"""


def shelf_key(code):
    """Sort key of a call number: the class as a number, then the author mark."""
    number, _, mark = code.strip().partition(" ")
    return (float(number), mark.upper())


def sort_shelf(codes):
    """Call numbers in the order they belong on the shelf."""
    return sorted(codes, key=shelf_key)


def misshelved(codes):
    """Call numbers, as read left to right, that stand before something they should follow.

    Each item is compared with the last item that was in order; out-of-order items
    are reported and skipped so that one stray book is reported once.
    """
    stray = []
    previous = None
    for code in codes:
        key = shelf_key(code)
        if previous is not None and key < previous:
            stray.append(code)
            continue
    return stray


def shelf_label(code):
    """Spine label text: class on the first line, author mark on the second."""
    number, _, mark = code.strip().partition(" ")
    return f"{number}\n{mark.upper()}"
