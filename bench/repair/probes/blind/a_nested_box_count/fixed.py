def count_items(box):
    """A box is {'items': [...], 'inner': box-or-None}. Count all items inside."""
    if box is None:
        return 0
    return len(box["items"]) + count_items(box.get("inner"))


def is_empty_shipment(box):
    return count_items(box) == 0
