"""Category tree of the shop: each node has books and subcategories."""


def count_books(category):
    """Number of books in a category including all its subcategories."""
    total = len(category["books"])
    for child in category["children"]:
        count_books(child)
    return total


def find(category, name):
    """Category node with the given name, searched depth first, or None."""
    if category["name"] == name:
        return category
    for child in category["children"]:
        found = find(child, name)
        if found is not None:
            return found
    return None


def path_names(category, name, trail=()):
    """List of names from the root down to `name`, or None."""
    trail = trail + (category["name"],)
    if category["name"] == name:
        return list(trail)
    for child in category["children"]:
        result = path_names(child, name, trail)
        if result:
            return result
    return None
