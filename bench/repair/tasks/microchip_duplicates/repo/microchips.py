"""Microchip numbers in the shelter's pet registry."""


def chip_id(text):
    """A microchip number without spaces and dashes: '985-112 003' -> '985112003'."""
    return text.replace("-", "").replace(" ", "")


def is_valid_chip(text):
    """True for a 15-digit microchip number (spaces and dashes allowed)."""
    chip = chip_id(text)
    return len(chip) == 15 and chip.isdigit()


def owner_of(registry, scanned):
    """Owner registered for the scanned chip, or None; registry maps chip ids to owners."""
    return registry.get(chip_id(scanned))


def duplicate_chips(records):
    """Chip ids registered for more than one pet, in order of their first repeat.

    records is a list of (pet_name, chip_number) pairs as typed in at intake; the chip
    numbers are compared, and returned, as chip ids.
    """
    seen = set()
    repeats = []
    for _, chip in records:
        key = chip
        if key in seen and key not in repeats:
            repeats.append(key)
        seen.add(key)
    return repeats
