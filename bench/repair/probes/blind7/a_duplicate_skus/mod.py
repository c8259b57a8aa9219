"""Detect duplicate SKUs in a receiving manifest."""


def find_duplicates(skus):
    """Return SKUs that appear more than once, in order of their second appearance.

    Each duplicated SKU is reported only once.
    """
    seen = set()
    reported = set()
    duplicates = []
    for sku in skus:
        if sku in seen:
            if sku not in reported:
                duplicates.append(sku)
        else:
            seen.add(sku)
    return duplicates


def duplicate_counts(skus):
    """Return {sku: occurrences} for SKUs listed more than once."""
    counts = {}
    for sku in skus:
        counts[sku] = counts.get(sku, 0) + 1
    return {sku: n for sku, n in counts.items() if n > 1}


def manifest_is_clean(skus):
    """Return True when the manifest has no duplicate SKUs."""
    return not find_duplicates(skus)
