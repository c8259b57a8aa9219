"""Linked chains of {"value": v, "next": node-or-None} dicts; None is the empty chain."""


def second_value(node):
    """The value of the second node, or None if the chain is shorter."""
    if node["next"] is None:
        return None
    return node["next"]["value"]


def chain_values(node):
    """All values, front to back."""
    values = []
    while node is not None:
        values.append(node["value"])
        node = node["next"]
    return values
