"""Comparing e-mail addresses."""


def normalize(address):
    """An address stripped of surrounding spaces, in lower case."""
    return address.strip()


def same_address(a, b):
    """Whether two typed addresses are the same mailbox."""
    return normalize(a) == normalize(b)
