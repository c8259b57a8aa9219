def find_path(node, device_id):
    """Return the ids from node down to device_id in a home device tree, or None."""
    if node["id"] == device_id: return [node["id"]]
    for child in node.get("children", []):
        path = find_path(child, device_id)
        if path:
            return [node["id"]] + path
    return None
