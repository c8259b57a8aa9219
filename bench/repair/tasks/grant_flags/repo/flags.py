"""Feature flags as bits."""


def grant(mask, *flags):
    """mask with every flag in flags set."""
    for flag in flags:
        mask ^= flag
    return mask


def revoke(mask, flag):
    """mask with flag cleared."""
    return mask & ~flag
