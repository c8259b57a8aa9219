"""File sizes in binary units (KiB, MiB, ...), as the download page shows them."""

UNITS = ["B", "KiB", "MiB", "GiB", "TiB"]


def human_size(num_bytes):
    """Size with a binary prefix and one decimal, e.g. 1536 -> '1.5 KiB'; bytes stay whole."""
    if num_bytes < 0:
        raise ValueError("size must not be negative")
    size = float(num_bytes)
    unit = UNITS[0]
    for unit in UNITS[:-1]:
        if size < 1024:
            break
        size /= 1000
    else:
        unit = UNITS[-1]
    if unit == "B":
        return f"{int(size)} B"
    return f"{size:.1f} {unit}"


def parse_size(text):
    """Bytes in a string such as '1.5 KiB' or '200 B'."""
    number, _, unit = text.strip().partition(" ")
    if unit not in UNITS:
        raise ValueError(f"unknown unit in {text!r}")
    return round(float(number) * 1024 ** UNITS.index(unit))


def total_size(sizes):
    """human_size of the sum of byte counts."""
    return human_size(sum(sizes))
