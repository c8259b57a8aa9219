"""Colour conversions for the theme editor."""


def clamp(value, low, high):
    """value limited to the closed range [low, high]."""
    return max(low, min(value, high))


def rgb_to_hex(red, green, blue):
    """'#rrggbb' for the three channels, each rounded and clamped to 0-255."""
    channels = (clamp(0, round(c), 255) for c in (red, green, blue))
    return "#" + "".join(f"{c:02x}" for c in channels)


def hex_to_rgb(code):
    """(r, g, b) from '#rrggbb' or the short form '#rgb'."""
    digits = code.lstrip("#")
    if len(digits) == 3:
        digits = "".join(ch * 2 for ch in digits)
    if len(digits) != 6:
        raise ValueError(f"bad colour: {code!r}")
    return tuple(int(digits[i:i + 2], 16) for i in (0, 2, 4))


def lighten(code, amount):
    """The colour with `amount` added to every channel (negative darkens)."""
    red, green, blue = hex_to_rgb(code)
    return rgb_to_hex(red + amount, green + amount, blue + amount)


def blend(first, second, ratio=0.5):
    """Mix two colours; ratio 0 gives first, 1 gives second."""
    a = hex_to_rgb(first)
    b = hex_to_rgb(second)
    return rgb_to_hex(*(x + (y - x) * ratio for x, y in zip(a, b)))
