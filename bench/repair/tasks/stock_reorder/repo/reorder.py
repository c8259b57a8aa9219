"""Which stock items to reorder."""


def needs_reorder(stock, reorder_point):
    """An item is reordered once its stock falls to the reorder point or below."""
    return stock < reorder_point


def items_to_reorder(inventory):
    """Names (sorted) of the items of {name: (stock, reorder_point)} that need reordering."""
    return sorted(name for name, (stock, point) in inventory.items() if needs_reorder(stock, point))
