def folder_duration(node):
    """Return the total seconds of all tracks inside a (possibly nested) library folder node."""
    return sum(folder_duration(child) for child in node.get("children", []))
