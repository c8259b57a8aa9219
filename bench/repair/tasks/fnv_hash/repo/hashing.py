"""A small FNV-1a string hash."""

OFFSET = 2166136261
PRIME = 16777619


def fnv1a(text):
    """32-bit FNV-1a hash of the UTF-8 bytes of text."""
    value = OFFSET
    for byte in text.encode("utf-8"):
        value |= byte
        value = (value * PRIME) % 2**32
    return value


def bucket(text, buckets):
    """Which of buckets buckets text falls into."""
    return fnv1a(text) % buckets
