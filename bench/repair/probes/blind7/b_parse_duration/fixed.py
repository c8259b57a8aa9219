"""Parse compact duration strings such as "1h30m" or "45s"."""

UNIT_SECONDS = {"d": 86400, "h": 3600, "m": 60, "s": 1}


def parse_duration(text):
    """Return the number of seconds described by text.

    The text is a sequence of <number><unit> pairs with units d/h/m/s,
    e.g. "2h5m". Spaces and letter case are ignored. Raises ValueError on
    malformed input.
    """
    text = text.replace(" ", "").lower()
    if not text:
        raise ValueError("empty duration")
    total = 0
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        elif ch in UNIT_SECONDS:
            if not digits:
                raise ValueError("unit without number: %r" % ch)
            total += int(digits) * UNIT_SECONDS[ch]
            digits = ""
        else:
            raise ValueError("unexpected character: %r" % ch)
    if digits:
        raise ValueError("number without unit: %r" % digits)
    return total


def total_duration(texts):
    """Return the summed seconds of several duration strings."""
    return sum(parse_duration(t) for t in texts)
