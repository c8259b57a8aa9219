"""Permission bit masks."""

READ, WRITE, DELETE = 1, 2, 4
ALL = READ | WRITE | DELETE


def common_permissions(masks):
    """The permissions every one of the masks grants."""
    result = ALL
    for mask in masks:
        result |= mask
    return result


def has(mask, permission):
    """Whether mask includes permission."""
    return mask & permission == permission
