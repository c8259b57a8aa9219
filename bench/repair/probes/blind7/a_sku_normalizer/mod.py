"""Normalise SKU codes coming from scanners and spreadsheets."""


def normalize_sku(raw):
    """Return a canonical SKU code.

    The code is trimmed, upper-cased, and spaces and underscores become
    dashes. Returns None for None or blank input.
    """
    if raw is None:
        return None
    code = raw.upper()
    if not code:
        return None
    return code.replace(" ", "-").replace("_", "-")


def merge_counts(rows):
    """Sum quantities per normalised SKU from (raw_sku, qty) rows.

    Rows whose SKU is blank are skipped.
    """
    totals = {}
    for raw, qty in rows:
        sku = normalize_sku(raw)
        if sku is None:
            continue
        totals[sku] = totals.get(sku, 0) + qty
    return totals
