"""Library kits: bundles of items, and smaller kits, that are lent out together.

A kit is a dict {"name": str, "items": [item_id, ...], "kits": [kit, ...]};
both "items" and "kits" may be left out.
"""


def count_items(kit):
    """Return how many individual items the kit holds, including items in nested kits."""
    total = len(kit.get("items", []))
    for sub in kit.get("kits", []):
        total += len(sub.get("items", []))
    return total


def missing_items(kit, returned):
    """Return the sorted ids of items in the kit (at any depth) not in `returned`."""
    missing = [item for item in kit.get("items", []) if item not in returned]
    for sub in kit.get("kits", []):
        missing.extend(missing_items(sub, returned))
    return sorted(missing)


def find_kit(kit, name):
    """Return the kit with the given name (the kit itself or one nested in it), or None."""
    if kit["name"] == name:
        return kit
    for sub in kit.get("kits", []):
        found = find_kit(sub, name)
        if found is not None:
            return found
    return None


def loan_days(kit, base=14, per_ten_items=7, maximum=42):
    """Return the loan period: `base` days plus `per_ten_items` for every full ten items, capped at `maximum`."""
    return min(maximum, base + per_ten_items * (count_items(kit) // 10))
