"""Looking up values in nested dicts."""


def lookup(data, keys):
    """data[k1][k2]... for keys, or None as soon as a step is not a dict holding the key."""
    for key in keys:
        if key not in data:
            return None
        data = data[key]
    return data


def has_path(data, keys):
    """Whether lookup finds a (non-None) value."""
    return lookup(data, keys) is not None
