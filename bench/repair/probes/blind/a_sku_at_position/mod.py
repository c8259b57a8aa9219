def item_at(catalog, position):
    """Return the SKU at a 0-based shelf position, or None if out of range."""
    if position < len(catalog):
        return catalog[position]
    return None


def items_at(catalog, positions):
    return [item_at(catalog, p) for p in positions]
