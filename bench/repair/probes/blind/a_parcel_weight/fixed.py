UNIT_TO_GRAMS = {"g": 1, "kg": 1000, "lb": 453.592, "oz": 28.3495}


def parse_weight(text):
    """Parse '2.5 kg' or '12 OZ' into grams (rounded to whole grams)."""
    amount, unit = text.split()
    factor = UNIT_TO_GRAMS.get(unit.lower())
    if factor is None:
        raise ValueError("unknown unit: " + unit)
    return round(float(amount) * factor)
