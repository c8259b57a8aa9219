"""Converting between '#rrggbb' colour strings and RGB tuples."""


def parse_hex(colour):
    """'#rrggbb' (the '#' optional, any case) as an (r, g, b) tuple of ints 0..255."""
    digits = colour.lstrip("#")
    return tuple(int(digits[i:i + 2], 10) for i in (0, 2, 4))


def to_hex(rgb):
    """(r, g, b) as '#rrggbb' in lower case."""
    return "#" + "".join(f"{channel:02x}" for channel in rgb)


def brightness(colour):
    """Perceived brightness 0..255 of a '#rrggbb' colour (integer part)."""
    r, g, b = parse_hex(colour)
    return (299 * r + 587 * g + 114 * b) // 1000
