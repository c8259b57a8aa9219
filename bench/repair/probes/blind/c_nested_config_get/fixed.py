def get_setting(config, path, default=None):
    """Look up a dotted path like 'db.pool.size' in nested config dicts."""
    return _lookup(config, path.split("."), default)


def _lookup(node, keys, default):
    if not keys:
        return node
    if not isinstance(node, dict) or keys[0] not in node:
        return default
    return _lookup(node[keys[0]], keys[1:], default)
