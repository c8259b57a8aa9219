"""Human-readable sizes for a file browser."""

UNITS = ["B", "KB", "MB", "GB", "TB"]


def human_size(num_bytes):
    """Format ``num_bytes`` with 1024-based units, e.g. "1.5 KB".

    Plain bytes are shown without decimals; anything larger stays in TB.
    """
    if num_bytes < 0:
        raise ValueError("size cannot be negative")
    size = float(num_bytes)
    for unit in UNITS:
        if size < 1024 or unit == UNITS[-1]:
            break
        size /= 1024
    if unit == "B":
        return "%d B" % size
    return "%.1f %s" % (size, unit)


def total_size(tree):
    """Return the total size of a directory tree given as nested dicts.

    Dict values are either sub-directories (dicts) or file sizes (ints).
    """
    return sum(total_size(v) if isinstance(v, dict) else v for v in tree.values())
