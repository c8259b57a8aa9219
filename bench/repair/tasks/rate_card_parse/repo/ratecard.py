"""Reading and querying a hotel's rate card."""


def parse_rate_card(text):
    """Map each room type to its nightly rate, from lines like 'Deluxe King: 189.00'.

    Room types are matched without regard to case, so they are stored stripped and
    lower-cased. Blank lines and lines starting with '#' are skipped.
    """
    rates = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        room_type, _, price = line.partition(":")
        rates[room_type.strip()] = float(price)
    return rates


def rate_for(rates, room_type):
    """The nightly rate of room_type (any case, surrounding spaces allowed), or None."""
    return rates.get(room_type.strip().lower())


def cheapest_room(rates):
    """The room type with the lowest rate; ties go to the alphabetically first type.

    None when the rate card is empty.
    """
    if not rates:
        return None
    return min(sorted(rates), key=lambda room_type: rates[room_type])
