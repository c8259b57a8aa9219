"""Assigning numeric ids."""


def assign_ids(names):
    """{name: id}, ids 1, 2, 3, ... in order of first appearance."""
    ids = {}
    next_id = 1
    for name in names:
        if name not in ids:
            next_id += 1
            ids[name] = next_id
    return ids


def id_of(ids, name):
    """The id of name, 0 if it has none."""
    return ids.get(name, 0)
