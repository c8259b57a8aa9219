"""Body weight readings of clinic patients."""

POUND_KG = 0.4536


def parse_weight(text):
    """Kilograms in a reading such as '4.2 kg', '850 g' or '12 lb', rounded to 3 places."""
    text = text.strip().lower().replace(" ", "")
    if text.endswith("kg"):
        value = float(text[:-2])
    elif text.endswith("lb"):
        value = float(text[:-2]) * POUND_KG
    elif text.endswith("g"):
        value = float(text[:-1]) / 1000
    else:
        raise ValueError(f"no unit in weight {text!r}")
    return round(value, 3)


def weight_change(readings):
    """Change in kg from the first to the last reading, rounded to 2 places.

    0.0 when there are fewer than two readings.
    """
    if len(readings) < 2:
        return 0.0
    return parse_weight(readings[-1]) - parse_weight(readings[0])


def percent_change(readings):
    """weight_change as a percentage of the first reading, rounded to 1 place."""
    if len(readings) < 2:
        return 0.0
    first = parse_weight(readings[0])
    return round(100 * (parse_weight(readings[-1]) - first) / first, 1)


def heaviest(readings):
    """The reading with the highest weight (the first one on ties), or None without readings."""
    if not readings:
        return None
    return max(readings, key=parse_weight)
