"""Helpers for nested JSON-like data (lists, tuples, dicts)."""


def flatten(value):
    """All leaves of arbitrarily nested lists/tuples, left to right; other values are leaves."""
    result = []
    for item in value:
        result.extend(flatten(item))
    return result


def depth(value):
    """Nesting depth of lists/tuples: a leaf is 0, [] and [1] are 1, [[1]] is 2."""
    if not isinstance(value, (list, tuple)):
        return 0
    return 1 + max((depth(item) for item in value), default=0)


def deep_get(data, path, default=None):
    """Value at a dotted path like 'a.b.0' through dicts and lists, or default."""
    current = data
    for part in path.split(".") if path else []:
        if isinstance(current, dict) and part in current:
            current = current[part]
        elif isinstance(current, (list, tuple)) and part.isdigit() and int(part) < len(current):
            current = current[int(part)]
        else:
            return default
    return current


def count_leaves(value):
    """How many leaves flatten() would return."""
    return len(flatten(value))
