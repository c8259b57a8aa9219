"""Dotted-path access into nested dicts and lists (e.g. parsed JSON)."""


def get_path(data, path, default=None):
    """Return the value at a dotted path such as "user.addresses.0.city".

    Numeric parts index into lists. Returns default when any step is missing.
    """
    current = data
    for part in path.split("."):
        if isinstance(current, dict):
            if part not in current:
                return default
            current = current[part]
        elif isinstance(current, list):
            if not part.isdigit() or int(part) >= len(current):
                return default
            current = current[int(part)]
        else:
            return default
    return current


def set_path(data, path, value):
    """Set value at a dotted path in nested dicts, creating dicts as needed.

    Returns data, which is modified in place.
    """
    parts = path.split(".")
    current = data
    for part in parts[:-1]:
        if not isinstance(current.get(part), dict):
            current[part] = {}
        current = current[part]
    current[parts[-1]] = value
    return data
