def path_to_depot(hub, target):
    """Return the list of hub names from the root hub down to target, or None if absent."""
    if hub["name"] == target:
        return [hub["name"]]
    for child in hub.get("children", []):
        sub = path_to_depot(child, target)
        if sub is not None:
            return [hub["name"]] + sub
    return None
