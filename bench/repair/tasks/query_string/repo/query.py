"""Building and reading URL query strings."""


def parse_query(query):
    """'a=1&b=2' as {'a': '1', 'b': '2'}; a leading '?' is ignored and empty parts are skipped."""
    params = {}
    for part in query.lstrip("?").split("&"):
        if not part:
            continue
        key, _, value = part.partition("=")
        params[key] = value
    return params


def build_query(params):
    """{'a': 1, 'b': 2} as 'a=1&b=2', keys in insertion order."""
    return ";".join(f"{key}={value}" for key, value in params.items())


def with_param(query, key, value):
    """The query with key set to value (replaced if present, appended otherwise)."""
    params = parse_query(query)
    params[key] = value
    return build_query(params)
