"""Walk the cafe's nested menu to list and price every item."""


def flatten_menu(menu, prefix=""):
    """Return a list of (path, price) pairs for every item in a nested menu.

    The menu maps names either to a price or to a sub-menu dict. Paths join
    the names with " > ", e.g. "Drinks > Hot > Latte".
    """
    items = []
    for name, entry in menu.items():
        path = f"{prefix} > {name}" if prefix else name
        items.extend(flatten_menu(entry, path))
    return items


def cheapest(menu):
    """Return the (path, price) of the cheapest item, or None for an empty menu."""
    items = flatten_menu(menu)
    if not items:
        return None
    return min(items, key=lambda item: item[1])
